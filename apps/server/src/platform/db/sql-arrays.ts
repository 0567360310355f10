/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) bound as ONE parameter and cast in SQL
 * (`${arrayLiteral(ids)}::uuid[]`), for set-based statements over `unnest(…)`: a batch of 1,000
 * rows then costs three parameters instead of three thousand, on both engines. Every element is
 * quoted and escaped, so any text is safe; null gives SQL NULL.
 */
export function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
}
