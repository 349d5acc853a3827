// Types for the one module of npm `sentiment` we load: its English language pack (CommonJS), whose `labels` are the
// AFINN-165 word scores. See emotion.ts for why the pack and not its labels.json.
declare module "sentiment/languages/en/index.js" {
  const en: { labels: Record<string, number> };
  export default en;
}
