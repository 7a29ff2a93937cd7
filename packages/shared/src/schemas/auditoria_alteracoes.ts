// A change's "campo: antes → depois", its fields named by the labels the record's shared schema declares (issue 40: one
// catalogue for the form and the audit). Apart from auditoria_textos.ts: it loads the records' schemas (zod), which
// the audit list fetches after its rows (the list's JavaScript budget).
import { rotulosDe } from '../rotulos';
import { permissaoTexto } from './administracao_perfil_textos';
import { equipeFieldsSchema } from './administracao_equipes';
import { lotacaoFieldsSchema, profissionalFieldsSchema } from './administracao_profissionais';
import { unidadeSaudeFieldsSchema } from './administracao_unidades_saude';
import { atendimentoFieldsSchema } from './atendimento';
import { filaFieldsSchema } from './fila';
import { municipeFieldsSchema } from './municipe';
import { notificacaoCreateFieldsSchema } from './notificacao_compulsoria';
import { solicitacaoFieldsSchema, solicitacaoUpdateFieldsSchema } from './ouvidoria';
import { pacienteSemIdentificacaoFieldsSchema } from './paciente_sem_identificacao';
import { cadastroDomiciliarFieldsSchema } from './cadastro_domiciliar';
import { cadastroIndividualFieldsSchema } from './cadastro_individual';
import { familiaFieldsSchema } from './familia';
import { visitaDomiciliarFieldsSchema } from './visita_domiciliar';

/** The labels of a record whose shared schema declares them (rotulos.ts), by the trail's resource. */
const CATALOGOS: Record<string, Record<string, string>> = {
  'administracao/equipes': rotulosDe(equipeFieldsSchema),
  'administracao/unidades_saude': rotulosDe(unidadeSaudeFieldsSchema),
  'administracao/profissionais': rotulosDe(profissionalFieldsSchema),
  'administracao/lotacoes': rotulosDe(lotacaoFieldsSchema),
  'filas/parametrizacoes': rotulosDe(filaFieldsSchema),
  'urgencia_emergencia/paciente_sem_identificacoes': rotulosDe(pacienteSemIdentificacaoFieldsSchema),
  'urgencia_emergencia/atendimentos': rotulosDe(atendimentoFieldsSchema),
  'urgencia_emergencia/atendimentos_retroativos': rotulosDe(atendimentoFieldsSchema),
  ouvidoria: { ...rotulosDe(solicitacaoFieldsSchema), ...rotulosDe(solicitacaoUpdateFieldsSchema) },
  municipes: rotulosDe(municipeFieldsSchema),
  municipes_notificacao: rotulosDe(notificacaoCreateFieldsSchema),
  'atencao_primaria/cadastros_domiciliares': rotulosDe(cadastroDomiciliarFieldsSchema),
  'atencao_primaria/familias': rotulosDe(familiaFieldsSchema),
  'atencao_primaria/cadastros_individuais': rotulosDe(cadastroIndividualFieldsSchema),
  'atencao_primaria/visitas_domiciliares': rotulosDe(visitaDomiciliarFieldsSchema),
};

/** The profile's fields (and an assignment's `ativo`); another field is shown with its underscores as spaces. */
const CAMPOS: Record<string, string> = {
  codigo: 'Código',
  nome: 'Nome',
  permissoes: 'Permissões',
  ativo: 'Ativo',
};
/** Any catalogue's label, for a row whose resource is not given. */
const QUALQUER: Record<string, string> = Object.assign({}, ...Object.values(CATALOGOS));
/** A record with a catalogue names its fields by it alone: another record's word for the same key may not fit. */
const campoTexto = (campo: string, resource?: string): string => {
  const catalogo = resource ? CATALOGOS[resource] : undefined;
  const rotulo = catalogo ? (catalogo[campo] ?? CAMPOS[campo]) : (CAMPOS[campo] ?? QUALQUER[campo]);
  return rotulo ?? campo.replace(/_/g, ' ');
};

/** A permission string in words ('Famílias: Listar'); anything else as stored. */
const item = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /^[a-z_/]+:[a-z_]+$/.test(s) ? permissaoTexto(s) : s;
};

function valorTexto(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(vazio)';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (Array.isArray(v)) return v.length === 0 ? '(nenhum)' : v.map(item).join(', ');
  if (/^\d{4}-\d{2}-\d{2}$/.test(String(v))) return String(v).split('-').reverse().join('/');
  return item(v);
}

type Alteracao = { campo: string; texto: string };

/**
 * "campo: antes → depois" for each field of `details.alteracoes`; "alterado" for personal data recorded without its
 * values ({ alterado: true }). A list that had items before and after says what it gained and lost instead (a
 * profile's hundred permissions would not read). Null when the row has no before → after.
 */
export function alteracoesDe(
  details: Record<string, unknown> | null | undefined,
  resource?: string,
): Alteracao[] | null {
  const a = details?.alteracoes;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return null;
  const out: Alteracao[] = [];
  for (const [campo, mudanca] of Object.entries(a as Record<string, unknown>)) {
    const m = (mudanca ?? {}) as { antes?: unknown; depois?: unknown; alterado?: unknown };
    const nome = campoTexto(campo, resource);
    if (m.alterado === true) {
      out.push({ campo: nome, texto: 'alterado' });
    } else if (Array.isArray(m.antes) && Array.isArray(m.depois) && m.antes.length > 0 && m.depois.length > 0) {
      const antes = m.antes as unknown[];
      const depois = m.depois as unknown[];
      const mais = depois.filter((x) => !antes.includes(x));
      const menos = antes.filter((x) => !depois.includes(x));
      const partes = [
        mais.length > 0 ? `incluiu ${mais.map(item).join(', ')}` : '',
        menos.length > 0 ? `retirou ${menos.map(item).join(', ')}` : '',
      ].filter(Boolean);
      out.push({ campo: nome, texto: partes.join('; ') || 'mudou a ordem' });
    } else {
      out.push({ campo: nome, texto: `${valorTexto(m.antes)} → ${valorTexto(m.depois)}` });
    }
  }
  return out;
}

/** The same as one line: 'Nome: A → B; CPF: alterado'. */
export const alteracoesTexto = (
  details: Record<string, unknown> | null | undefined,
  resource?: string,
): string | null => {
  const a = alteracoesDe(details, resource);
  return a && a.length > 0 ? a.map((x) => `${x.campo}: ${x.texto}`).join('; ') : null;
};
