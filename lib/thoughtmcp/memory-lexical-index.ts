// Lexical similarity: thoughtgraph's default similarity for recall and waypoint links, because no sentence-embedding
// model can ship in an npm package or be downloaded at run time. Answers that use it say so
// (`similarity: "lexical"`, componentsUsed "lexicalSimilarity").
//
// TF-IDF vectors compared by cosine, so a similarity is in [0, 1], symmetric, 1 for the same words, and comparable
// with the 0.7 waypoint threshold. A word's weight in a text is (1 + ln tf)·idf, with BM25's idf,
// ln(1 + (N − df + 0.5) / (df + 0.5)): words in almost every memory ("the", "user") weigh almost nothing, so two
// memories are similar when they share the words that make them specific. Words split and fold as in the FTS5
// tokenizer (lib/search/tokens.ts); no stemming. Deterministic: the same memories and text give the same numbers, and
// ties order by id.
//
// Incremental: add/remove update the document frequencies and posting lists in O(words of that text). A text's vector
// length depends on every word's idf, which moves with each add; lengths are cached per index generation and
// recomputed only for the memories a query touches (those sharing a word with it). One index per project and userId;
// the service builds it lazily from the memories' text and keeps it beside the store.
import { foldedWords } from "../search/tokens";

export interface Similar {
  id: string;
  similarity: number;
}

type TermCounts = Map<string, number>;

function countTerms(text: string): TermCounts {
  const counts: TermCounts = new Map();
  for (const word of foldedWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

export class LexicalIndex {
  private readonly docs = new Map<string, TermCounts>();
  /** term → (id → tf): the tf beside the id saves a lookup per posting in rank (the hot loop of recall). */
  private readonly postings = new Map<string, Map<string, number>>();
  private readonly norms = new Map<string, { generation: number; norm: number }>();
  private generation = 0;

  get size(): number {
    return this.docs.size;
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** Adds a text, or replaces the text stored under `id`. */
  add(id: string, text: string): void {
    this.remove(id);
    const counts = countTerms(text);
    this.docs.set(id, counts);
    for (const [term, tf] of counts) {
      let ids = this.postings.get(term);
      if (!ids) this.postings.set(term, (ids = new Map<string, number>()));
      ids.set(id, tf);
    }
    this.generation++;
  }

  remove(id: string): void {
    const counts = this.docs.get(id);
    if (!counts) return;
    for (const term of counts.keys()) {
      const ids = this.postings.get(term);
      ids?.delete(id);
      if (ids?.size === 0) this.postings.delete(term);
    }
    this.docs.delete(id);
    this.norms.delete(id);
    this.generation++;
  }

  /** BM25's idf: > 0 for every df ≤ N, near 0 for a word in every text, ln(1 + 2N + 1) for an unseen word. */
  idf(term: string): number {
    const n = this.docs.size;
    const df = this.postings.get(term)?.size ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private weight(tf: number, term: string): number {
    return (1 + Math.log(tf)) * this.idf(term);
  }

  private norm(id: string, counts: TermCounts): number {
    const cached = this.norms.get(id);
    if (cached?.generation === this.generation) return cached.norm;
    let sum = 0;
    for (const [term, tf] of counts) sum += this.weight(tf, term) ** 2;
    const norm = Math.sqrt(sum);
    this.norms.set(id, { generation: this.generation, norm });
    return norm;
  }

  /** Cosine of the query with every text sharing a word with it (> 0), unsorted. */
  private dots(query: TermCounts, exclude: string | undefined): Map<string, number> {
    const qWeights = new Map<string, number>();
    let qSum = 0;
    for (const [term, tf] of query) {
      const w = this.weight(tf, term);
      qWeights.set(term, w);
      qSum += w * w;
    }
    const qNorm = Math.sqrt(qSum);
    const dots = new Map<string, number>();
    if (qNorm === 0) return dots;
    for (const [term, qw] of qWeights) {
      const idf = this.idf(term);
      for (const [id, tf] of this.postings.get(term) ?? []) {
        if (id === exclude) continue;
        dots.set(id, (dots.get(id) ?? 0) + qw * (1 + Math.log(tf)) * idf);
      }
    }
    for (const [id, dot] of dots) {
      const counts = this.docs.get(id);
      const dNorm = counts ? this.norm(id, counts) : 0;
      // Rounding can put identical vectors a hair above 1.
      if (dNorm > 0 && dot > 0) dots.set(id, Math.min(1, dot / (qNorm * dNorm)));
      else dots.delete(id);
    }
    return dots;
  }

  private rank(query: TermCounts, exclude: string | undefined, limit: number): Similar[] {
    const out: Similar[] = [];
    for (const [id, similarity] of this.dots(query, exclude)) out.push({ id, similarity });
    out.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return out.slice(0, limit);
  }

  /** The texts most similar to a query text, best first; only those sharing a word with it (similarity > 0). */
  search(text: string, limit = Number.POSITIVE_INFINITY): Similar[] {
    return this.rank(countTerms(text), undefined, limit);
  }

  /** The texts most similar to the one stored under `id`, itself left out: the waypoint candidates. */
  similarTo(id: string, limit = Number.POSITIVE_INFINITY): Similar[] {
    const counts = this.docs.get(id);
    return counts ? this.rank(counts, id, limit) : [];
  }

  /** Similarity of a query text to every text in the index, as a map (0 for those sharing no word). */
  similarities(text: string): Map<string, number> {
    return this.dots(countTerms(text), undefined);
  }
}
