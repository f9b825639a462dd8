import { createIcon } from "./create-icon";

export const Menu = /* @__PURE__ */ createIcon("menu", [
  ["path", { d: "M4 5h16" }],
  ["path", { d: "M4 12h16" }],
  ["path", { d: "M4 19h16" }],
]);
