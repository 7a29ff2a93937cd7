// Hair and eye colour of a patient without identification (spec §3). e-SUS has no table for them (nor does
// shared/reference): they are product data, kept here as small typed tables with stable codes (docs/decisions.md
// "Patients without identification"). Codes are never reused; a new colour takes the next number.

type CaracteristicaRow = { readonly codigo: number; readonly descricao: string };

export const corCabelo: readonly CaracteristicaRow[] = [
  { codigo: 1, descricao: 'Preto' },
  { codigo: 2, descricao: 'Castanho' },
  { codigo: 3, descricao: 'Loiro' },
  { codigo: 4, descricao: 'Ruivo' },
  { codigo: 5, descricao: 'Grisalho' },
  { codigo: 6, descricao: 'Branco' },
  { codigo: 7, descricao: 'Calvo / sem cabelo' },
  { codigo: 8, descricao: 'Tingido / outra cor' },
];

export const corOlhos: readonly CaracteristicaRow[] = [
  { codigo: 1, descricao: 'Castanhos escuros' },
  { codigo: 2, descricao: 'Castanhos claros' },
  { codigo: 3, descricao: 'Pretos' },
  { codigo: 4, descricao: 'Verdes' },
  { codigo: 5, descricao: 'Azuis' },
  { codigo: 6, descricao: 'Cinzas' },
  { codigo: 7, descricao: 'Outra cor / heterocromia' },
];
