// Fictional but valid CPF and CNS numbers for demo and test data, made from a seed number.

export function makeCpf(n: number): string {
  const base = String(100_000_000 + (n % 800_000_000))
    .padStart(9, '0')
    .split('')
    .map(Number);
  // Avoid the refused all-same-digit numbers.
  if (base.every((d) => d === base[0])) base[8] = (base[8]! + 1) % 10;
  const dv = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base);
  const d2 = dv([...base, d1]);
  return [...base, d1, d2].join('');
}

/** A provisional CNS (starts with 7, 8 or 9): the weighted sum of all 15 digits is a multiple of 11. */
export function makeCnsProvisorio(n: number): string {
  for (let k = 0; ; k++) {
    const body = `7${String((n * 7919 + k) % 10_000_000_000_000).padStart(13, '0')}`.split('').map(Number);
    const sum = body.reduce((acc, d, i) => acc + d * (15 - i), 0);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return [...body, last].join('');
  }
}
