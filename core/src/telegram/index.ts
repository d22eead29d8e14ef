export { type BotInfo, botLink, botStartLink, createBotInfo } from "./bot-info";
export { type ProductSharer } from "./product-share";
