// Touch sizes, apart from the field components so a list filter takes them without the form kit (issue 15).

/** Inputs at least 44 px tall: agents type on tablets, often standing (ux.md). */
export const TOUCH_MIN_HEIGHT = 44;
export const touchInputStyles = { input: { minHeight: TOUCH_MIN_HEIGHT } } as const;
