import { createIcon } from "./create-icon";

export const ArrowUp = /* @__PURE__ */ createIcon("arrow-up", [
  ["path", { d: "m5 12 7-7 7 7" }],
  ["path", { d: "M12 19V5" }],
]);
