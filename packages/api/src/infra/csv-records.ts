// Reads CSV text (RFC 4180: fields quoted with ", a quote inside doubled) record by record, each with the line of the
// file it starts on. Our own few lines rather than a library's: csv-parse builds an error object, with copies of its
// options, for every record whose field count differs from the first, which made a file of 300,000 short rows cost
// 25 s of one thread (docs/reliability.md, #24); here a record is a plain array whatever its length.

export interface CsvRecord {
  fields: string[];
  /** The line of the file the record starts on (1 = the first line). */
  line: number;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** The records of `text` (line breaks already \n; a leading BOM is skipped); empty lines are skipped. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    if (text[at] === '\n') {
      at++;
      line++;
      continue;
    }
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text[at] === '"') {
        let end = at + 1;
        let parts = '';
        for (;;) {
          const quote = text.indexOf('"', end);
          if (quote === -1) throw new CsvSyntaxError(start, `Quote not closed: the field that starts on line ${start}`);
          parts += text.slice(end, quote);
          if (text[quote + 1] === '"') {
            parts += '"';
            end = quote + 2;
            continue;
          }
          at = quote + 1;
          break;
        }
        line += countLines(parts);
        value = parts;
        if (at < text.length && text[at] !== ',' && text[at] !== '\n')
          throw new CsvSyntaxError(line, `Unexpected text after a closing quote on line ${line}`);
      } else {
        let end = at;
        while (end < text.length && text[end] !== ',' && text[end] !== '\n') end++;
        value = text.slice(at, end);
        if (value.includes('"')) throw new CsvSyntaxError(line, `A quote inside an unquoted field on line ${line}`);
        at = end;
      }
      fields.push(value);
      if (text[at] === ',') {
        at++;
        continue;
      }
      break;
    }
    yield { fields, line: start };
    if (text[at] === '\n') {
      at++;
      line++;
    }
  }
}

function countLines(value: string): number {
  let n = 0;
  for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) n++;
  return n;
}
