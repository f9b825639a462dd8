import { createIcon } from "./create-icon";

export const ChevronRight = /* @__PURE__ */ createIcon("chevron-right", [["path", { d: "m9 18 6-6-6-6" }]]);
