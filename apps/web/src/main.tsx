import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import "./app/styles/theme.css";
import "./app/styles/base.css";
import { createShopRouter } from "./app/router";
import { seedFromDocument } from "./lib/query";
import { startTelegram } from "./lib/telegram-start";

seedFromDocument();
startTelegram();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={createShopRouter()} />
  </StrictMode>,
);
