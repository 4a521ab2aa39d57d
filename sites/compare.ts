/** Product comparison: at most this many products side by side (a phone screen shows two, a desktop four). */
export const COMPARE_MAX = 4;
