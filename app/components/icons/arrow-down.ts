import { createIcon } from "./create-icon";

export const ArrowDown = /* @__PURE__ */ createIcon("arrow-down", [
  ["path", { d: "M12 5v14" }],
  ["path", { d: "m19 12-7 7-7-7" }],
]);
