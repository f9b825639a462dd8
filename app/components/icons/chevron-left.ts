import { createIcon } from "./create-icon";

export const ChevronLeft = /* @__PURE__ */ createIcon("chevron-left", [["path", { d: "m15 18-6-6 6-6" }]]);
