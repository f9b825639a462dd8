import { createIcon } from "./create-icon";

export const CalendarPlus = /* @__PURE__ */ createIcon("calendar-plus", [
  ["path", { d: "M16 18h6" }],
  ["path", { d: "M16 2v3" }],
  ["path", { d: "M19 15v6" }],
  ["path", { d: "M21 11.5V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h8.3" }],
  ["path", { d: "M3 9h18" }],
  ["path", { d: "M8 2v3" }],
]);
