import { createIcon } from "./create-icon";

export const CalendarSearch = /* @__PURE__ */ createIcon("calendar-search", [
  ["path", { d: "M16 2v3" }],
  ["path", { d: "M21 10.69V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h7.25" }],
  ["path", { d: "m22 21-1.875-1.875" }],
  ["path", { d: "M3 9h18" }],
  ["path", { d: "M8 2v3" }],
  ["circle", { cx: "18", cy: "17", r: "3" }],
]);
