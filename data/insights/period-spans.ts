/** A stretch of time as the insights queries take it: [start, end) in UTC ISO, and the shop day it starts on. */
export type Span = { start: string; end: string; day: string };
