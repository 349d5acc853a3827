// A fenced code block that its text cannot close: the fence is one backtick longer than the text's longest run of
// backticks. The text inside needs no escaping: a renderer shows a code block's content as it is, never as markup.

export function fenced(text: string, lang = ""): string {
  let longest = 2;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}
