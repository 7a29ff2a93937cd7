// Issue 43: the registry's values beside the record's, field by field, for a citizen already registered here.
import { etnia } from '@saude/shared/codes/etnia';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { nacionalidade } from '@saude/shared/codes/nacionalidade';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { sexo } from '@saude/shared/codes/sexo';
import { tipoLogradouro } from '@saude/shared/codes/tipo_logradouro';
import { tiposCertidao } from '@saude/shared/schemas/municipe';
import type { CadsusCampos } from '@saude/shared/schemas/municipe_cadsus';
import { formatCns } from '@saude/shared/validation/cns';
import { formatCpf } from '@saude/shared/validation/cpf';
import { isoToBr } from '@saude/shared/validation/dates';
import { onlyDigits } from '@saude/shared/validation/digits';
import { formatCep, formatPhone } from '@saude/shared/validation/phone';
import { camposMarcados, preenchimento, rotulosDe } from './preencher';

export type LinhaComparacao = {
  /** The form path the row is about (its key). */
  campo: string;
  rotulo: string;
  nosso: string;
  cadsus: string;
  igual: boolean;
  /** Every form path taking this row sets: a city's name goes with its code, a known mother unticks "desconhecida". */
  caminhos: string[];
};

/** Paths that go along with a row's own. */
const JUNTO: Record<string, string[]> = {
  municipio_nascimento_ibge: ['municipio_nascimento_nome'],
  residencia_municipio_ibge: ['residencia_municipio_nome'],
  nome_mae: ['mae_desconhecida'],
  nome_pai: ['pai_desconhecido'],
};
/** Rows shown by another path's value (the city's name beside its code). */
const EXIBIR: Record<string, string> = {
  municipio_nascimento_ibge: 'municipio_nascimento_nome',
  residencia_municipio_ibge: 'residencia_municipio_nome',
};
const CODIGOS: Record<string, ReadonlyArray<{ codigo: string | number; descricao: string }>> = {
  sexo_id: sexo,
  raca_cor_id: racaCor,
  etnia_id: etnia,
  nacionalidade_id: nacionalidade,
  motivo_saida_cadastro_id: motivoSaidaCadastro,
  certidao_tipo: tiposCertidao,
  residencia_tipo_logradouro: tipoLogradouro,
};
const DIGITOS = new Set([
  'cpf_numero',
  'codigo_cns',
  'nis',
  'titulo_eleitor',
  'residencia_cep',
  'telefones.residencial',
  'telefones.celular',
  'telefones.contato',
]);

const DATAS = new Set([
  'data_nascimento',
  'rg_data_emissao',
  'data_entrada_brasil',
  'data_naturalizacao',
  'data_obito',
  'certidao_data_emissao',
]);

const vazio = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** How a value reads on screen. */
function exibir(campo: string, v: unknown): string {
  if (vazio(v)) return 'Não informado';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  const s = String(v).trim();
  const tabela = CODIGOS[campo];
  if (tabela) return tabela.find((r) => String(r.codigo) === s)?.descricao ?? s;
  if (DATAS.has(campo)) return isoToBr(s) ?? s;
  if (campo === 'cpf_numero') return formatCpf(onlyDigits(s));
  if (campo === 'codigo_cns') return formatCns(onlyDigits(s));
  if (campo === 'residencia_cep') return formatCep(onlyDigits(s));
  if (campo.startsWith('telefones.')) return formatPhone(onlyDigits(s));
  return s;
}

/** What equality sees: case, spacing and masks do not make a difference. */
function normal(campo: string, v: unknown): string {
  if (vazio(v)) return '';
  const s = String(v).trim().replace(/\s+/g, ' ');
  return DIGITOS.has(campo) ? onlyDigits(s) : s.toLocaleUpperCase('pt-BR');
}

/**
 * One row per field the registry answered, with the record's value (`atual`: the form's value at a path). Equal rows
 * are there too, so the screen can say how many agree.
 */
export function compararComCadsus(campos: CadsusCampos, atual: (caminho: string) => unknown): LinhaComparacao[] {
  const p = preenchimento(campos);
  const deles = new Map(p.map((x) => [x.campo as string, x.valor]));
  return camposMarcados(p).map((campo) => {
    const mostrado = EXIBIR[campo];
    return {
      campo,
      rotulo: rotulosDe([campo])[0]!,
      nosso: exibir(campo, atual(mostrado ?? campo)),
      cadsus: exibir(campo, mostrado ? deles.get(mostrado) : deles.get(campo)),
      igual: normal(campo, atual(campo)) === normal(campo, deles.get(campo)),
      caminhos: [campo, ...(JUNTO[campo] ?? [])].filter((c) => deles.has(c)),
    };
  });
}
