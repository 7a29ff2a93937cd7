import { uf } from './codes/uf';

// Hand-written: state abbreviations by state name. Addresses and the IBGE municipality table use the abbreviation;
// the e-SUS UF table (codes/uf.ts) has DNE numbers and names, so the two are joined by name.
const siglaPorNome: Record<string, string> = {
  ACRE: 'AC',
  ALAGOAS: 'AL',
  AMAPÁ: 'AP',
  AMAZONAS: 'AM',
  BAHIA: 'BA',
  CEARÁ: 'CE',
  'DISTRITO FEDERAL': 'DF',
  'ESPÍRITO SANTO': 'ES',
  GOIÁS: 'GO',
  MARANHÃO: 'MA',
  'MATO GROSSO': 'MT',
  'MATO GROSSO DO SUL': 'MS',
  'MINAS GERAIS': 'MG',
  PARÁ: 'PA',
  PARAÍBA: 'PB',
  PARANÁ: 'PR',
  PERNAMBUCO: 'PE',
  PIAUÍ: 'PI',
  'RIO DE JANEIRO': 'RJ',
  'RIO GRANDE DO NORTE': 'RN',
  'RIO GRANDE DO SUL': 'RS',
  RONDÔNIA: 'RO',
  RORAIMA: 'RR',
  'SANTA CATARINA': 'SC',
  'SÃO PAULO': 'SP',
  SERGIPE: 'SE',
  TOCANTINS: 'TO',
};

/** The 27 states: abbreviation, name and e-SUS (DNE) number. */
export const ufs = uf.map((u) => {
  const sigla = siglaPorNome[u.descricao];
  if (!sigla) throw new Error(`UF sem sigla: ${u.descricao}`);
  return { sigla, nome: u.descricao, codigo_dne: u.codigo };
});
