// Column widths of the sessions table, shared by its head and its rows: which columns give way below which width.

/** Columns shown from 1024 px up: below it the title needs their room. */
export const WIDE_ONLY = "max-lg:hidden";
/**
 * Branches and revisions from 1536 px up (the health column's tooltip has both): with the selection box and a scores
 * column that reads whole, at 1440 px they left the title ~245 px.
 */
export const ROOMY_ONLY = "max-2xl:hidden";
/**
 * Tokens and cost from 1280 px up, and only when the page has sessions with model-call figures (from traces or
 * transcripts) or the list is sorted or filtered by them: an agent's own sequential thoughts have none.
 */
export const USAGE_ONLY = "max-xl:hidden";
/** The agent column: names truncate to this width (the full name is the cell's title). */
export const AGENT_WIDTH = "w-16 max-w-16 lg:w-28 lg:max-w-28";
/**
 * The scores column: one line per config, a 16-character name and its value ("helpfulness-c452 100% yes (1)") from
 * 1280 px; narrower, the value goes under the name. A min-width, because in the table's automatic layout the title's
 * share squeezed the column to ~60 px at 1440 px (chips read "h… 1×").
 */
export const SCORES_WIDTH = "w-44 min-w-44 max-w-44 xl:w-56 xl:min-w-56 xl:max-w-56";
