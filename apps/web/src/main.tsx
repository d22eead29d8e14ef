/**
 * The entry: the shop's styles, then the app (app/start.tsx). A page the server rendered is painted from its HTML
 * before the app's code is asked for; then the page's modules come in one wave (docs/web-app.md, «Rendering»).
 */
import "./app/styles/fonts.css";
import "./app/styles/theme.css";
import "./app/styles/base.css";
import { afterServerPagePainted, preloadPageCode } from "./lib/first-paint";

void afterServerPagePainted()
  .then(() => {
    preloadPageCode();
    return import("./app/start");
  })
  .then(({ startApp }) => startApp());
