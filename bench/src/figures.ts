// One measured figure, optionally held to a budget. Every part of the bench returns a list of these, so the
// report, the JSON file and the exit logic never need to know which part produced a figure.

export interface Budget {
  /** `min`: the value must be at least `limit`; `max`: at most `limit`. */
  kind: 'min' | 'max';
  limit: number;
}

export type Verdict = 'pass' | 'fail' | 'info' | 'error';

export interface Figure {
  section: string;
  name: string;
  /** null when the figure could not be measured (the note says why). */
  value: number | null;
  unit: string;
  budget?: Budget;
  note?: string;
}

export function verdictOf(figure: Figure): Verdict {
  if (figure.value === null) return 'error';
  if (!figure.budget) return 'info';
  const { kind, limit } = figure.budget;
  return (kind === 'min' ? figure.value >= limit : figure.value <= limit) ? 'pass' : 'fail';
}

export const atLeast = (limit: number): Budget => ({ kind: 'min', limit });
export const atMost = (limit: number): Budget => ({ kind: 'max', limit });

/** A figure that could not be taken: the section still shows up in the table, marked as an error. */
export function failedFigure(section: string, name: string, error: unknown, budget?: Budget): Figure {
  const note = error instanceof Error ? error.message : String(error);
  return { section, name, value: null, unit: '', note: note.split('\n')[0]?.slice(0, 160) ?? '', budget };
}

/** Runs one part of the bench; a crash in one part becomes an error row instead of ending the whole run. */
export async function guarded(section: string, part: () => Promise<Figure[]>): Promise<Figure[]> {
  try {
    return await part();
  } catch (error) {
    console.error(`[bench] ${section} failed:`, error);
    return [failedFigure(section, 'run', error)];
  }
}
