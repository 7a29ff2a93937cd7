// Fresh test data for e2e specs: a retry never meets the first attempt's records, and the shared demo database never
// holds two of them.
import { cnsWeightedSum } from '@saude/shared/validation/cns';
import { cpfCheckDigit } from '@saude/shared/validation/cpf';
import { expect, type Api } from './fixtures';

/** A fresh valid CPF. */
export function novoCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  const d1 = cpfCheckDigit(base);
  return `${base}${d1}${cpfCheckDigit(`${base}${d1}`)}`;
}

/** A fresh valid provisional CNS (starts with 7; the weighted sum of its 15 digits is a multiple of 11, spec §5). */
export function novoCns(): string {
  for (;;) {
    const base = `7${Array.from({ length: 13 }, () => Math.floor(Math.random() * 10)).join('')}`;
    const ultimo = (11 - (cnsWeightedSum(base) % 11)) % 11;
    if (ultimo < 10) return `${base}${ultimo}`;
  }
}

/** Seven random letters, to make names unique. */
export const unico = () =>
  Array.from({ length: 7 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

export type Pessoa = { id: string; nome: string };

/** An adult citizen of the caller's unit, made through the API; `falecido` with an exit by death. */
export async function novaPessoa(
  api: Api,
  nome: string,
  o: { falecido?: boolean; nascimento?: string; mae?: string } = {},
): Promise<Pessoa> {
  const me = (await (await api.get('/api/v2/auth/me')).json()) as { unidade_atual: { id: string } };
  const res = await api.post('/api/v1/municipes', {
    data: {
      nome,
      data_nascimento: o.nascimento ?? '1980-05-06',
      sexo_id: 1,
      cpf_numero: novoCpf(),
      codigo_cns: novoCns(),
      telefones: { celular: '61991837465' },
      unidade_saude_referencia_id: me.unidade_atual.id,
      confirmar_duplicados: true,
      ...(o.falecido ? { motivo_saida_cadastro_id: 135, data_obito: '2024-02-03' } : {}),
      ...(o.mae ? { nome_mae: o.mae } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Pessoa;
}

/** A home of the agent's micro-area 01, at `coordenadas` when given. Its CEP is none of the demo's streets: the
 * registry fills an address from the municipality's own homes by CEP, and other specs expect the demo's there. */
export async function novaCasa(acs: Api, bairro: string, coordenadas?: { latitude: number; longitude: number }) {
  const res = await acs.post(`/api/v1/atencao_primaria/cadastros_domiciliares`, {
    data: {
      st_micro_area: '01',
      cep: '70000099',
      uf: 'DF',
      municipio_ibge: '5300108',
      tipo_logradouro: '081',
      logradouro: 'DAS NOTIFICAÇÕES',
      numero: String(100 + Math.floor(Math.random() * 9000)),
      bairro,
      tipo_imovel_id: 1,
      situacao_moradia_id: 75,
      localizacao_id: 83,
      ...coordenadas,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** `chefe`'s family (alone), living in `casa`. */
export async function morarEm(acs: Api, chefe: { id: string }, casa: { id: string }) {
  const familia = await acs.post('/api/v1/atencao_primaria/familias', {
    data: { responsavel_id: chefe.id, membros: [{ municipe_id: chefe.id, parentesco_id: 1 }] },
  });
  expect(familia.status(), await familia.text()).toBe(201);
  const { id } = (await familia.json()) as { id: string };
  const link = await acs.post(`/api/v1/atencao_primaria/cadastros_domiciliares/${casa.id}/familias`, {
    data: { familia_id: id },
  });
  expect(link.status(), await link.text()).toBe(200);
  return id;
}
