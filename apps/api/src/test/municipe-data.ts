import type { MunicipeCreate } from '@saude/shared/schemas/municipe';
import { makeCnsProvisorio, makeCpf } from '../seed/numbers';
import { makeCnsDefinitivo } from '../seed/municipes';

// Test citizens: fresh documents and names per call, far from the seed's numbers, so tests never share rows.
let seq = 0;
const sobrenomes = [
  'Quaresma',
  'Valadares',
  'Bittencourt',
  'Zanetti',
  'Wanderley',
  'Ypiranga',
  'Kowalski',
  'Ulhôa',
  'Hipólito',
  'Nóbrega',
];
const primeiros = [
  'Zuleica',
  'Ondina',
  'Wilmar',
  'Ubirajara',
  'Quitéria',
  'Xisto',
  'Yolanda',
  'Elpídio',
  'Hermínia',
  'Teodoro',
];

export function nextSeq(): number {
  return ++seq + Math.floor(Math.random() * 1000) * 1000;
}

export function uniqueName(): string {
  const s = nextSeq();
  const a = primeiros[s % primeiros.length]!;
  const b = sobrenomes[Math.floor(s / 10) % sobrenomes.length]!;
  const c = sobrenomes[Math.floor(s / 100) % sobrenomes.length]!;
  return `${a} ${b} ${c} ${String.fromCharCode(65 + (s % 26))}${String.fromCharCode(65 + (Math.floor(s / 26) % 26))}`;
}

export const cpfFor = (s: number) => makeCpf(60_000_000 + s);
export const cnsFor = (s: number) => makeCnsDefinitivo(60_000_000 + s, '2');
export const cnsProvisorioFor = (s: number) => makeCnsProvisorio(60_000_000 + s);

/** A valid new citizen; `over` replaces fields. */
export function municipePayload(over: Partial<MunicipeCreate> = {}): MunicipeCreate {
  const s = nextSeq();
  const day = new Date(Date.UTC(1950, 0, 1) + (s % 20000) * 86_400_000).toISOString().slice(0, 10);
  return {
    nome: uniqueName(),
    data_nascimento: day,
    sexo_id: 1,
    cpf_numero: cpfFor(s),
    codigo_cns: cnsFor(s),
    telefones: { celular: '61991837465' },
    ...over,
  };
}
