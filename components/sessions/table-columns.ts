// Column widths of the sessions table, shared by its head and its rows: which columns give way below which width.

/** Columns shown from 1024 px up: below it the title needs their room. */
export const WIDE_ONLY = "max-lg:hidden";
/** Branches and revisions from 1280 px up: with the health column, at 1024 px they left the title ~160 px. */
export const ROOMY_ONLY = "max-xl:hidden";
/** The agent column: names truncate to this width (the full name is the cell's title). */
export const AGENT_WIDTH = "w-16 max-w-16 lg:w-28 lg:max-w-28";
/**
 * The scores column: one line of chips. "effort-… 7 (1) · percent-… 100 (1)" as text wrapped onto four lines at 1440.
 * Narrower below 1280 px, where 176 px of it left the title ~200 px.
 */
export const SCORES_WIDTH = "w-32 max-w-32 xl:w-44 xl:max-w-44";
