// Ids and ISO timestamps compared as the default sort() compares them, by UTF-16 code unit: the order in which order
// writes lock rows ([...ids].sort()) and in which ISO times follow each other. localeCompare would ask ICU's collator,
// which is slower, differs from code order outside ASCII and reads megabytes of collation data into memory.
export function codeOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
