/** Deadlines of tests that wait for something are multiplied by this (`TEST_TIME_FACTOR=3` on a busy machine). */
export const TIME_FACTOR = Number(process.env.TEST_TIME_FACTOR ?? 1) || 1;
