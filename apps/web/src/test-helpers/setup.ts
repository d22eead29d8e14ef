import { configure } from "@testing-library/react";

// CI machines run the browser tests and two API test files beside these; give async assertions room to breathe.
configure({ asyncUtilTimeout: 5000 });
