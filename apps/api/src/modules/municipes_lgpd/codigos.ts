import { acessoHigiene } from '@saude/shared/codes/acesso_higiene';
import { cbo } from '@saude/shared/codes/cbo';
import { consideracaoPeso } from '@saude/shared/codes/consideracao_peso';
import { cursoMaisElevado } from '@saude/shared/codes/curso_mais_elevado';
import { deficienciaCidadao } from '@saude/shared/codes/deficiencia_cidadao';
import { desfechoVisita } from '@saude/shared/codes/desfecho_visita';
import { doencaCardiaca } from '@saude/shared/codes/doenca_cardiaca';
import { doencaNotificacaoCompulsoria } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import { doencaRespiratoria } from '@saude/shared/codes/doenca_respiratoria';
import { estadoCivil } from '@saude/shared/codes/estado_civil';
import { etnia } from '@saude/shared/codes/etnia';
import { identidadeGenero } from '@saude/shared/codes/identidade_genero';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { motivoVisita } from '@saude/shared/codes/motivo_visita';
import { municipio } from '@saude/shared/codes/municipio';
import { nacionalidade } from '@saude/shared/codes/nacionalidade';
import { orientacaoSexual } from '@saude/shared/codes/orientacao_sexual';
import { origemAlimentacao } from '@saude/shared/codes/origem_alimentacao';
import { pais } from '@saude/shared/codes/pais';
import { parentesco } from '@saude/shared/codes/parentesco';
import { povoComunidadeTradicional } from '@saude/shared/codes/povo_comunidade_tradicional';
import { problemaRins } from '@saude/shared/codes/problema_rins';
import { quantasVezesAlimentacao } from '@saude/shared/codes/quantas_vezes_alimentacao';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { rendaFamiliar } from '@saude/shared/codes/renda_familiar';
import { responsavelCrianca } from '@saude/shared/codes/responsavel_crianca';
import { sexo } from '@saude/shared/codes/sexo';
import { situacaoMercadoTrabalho } from '@saude/shared/codes/situacao_mercado_trabalho';
import { tempoSituacaoRua } from '@saude/shared/codes/tempo_situacao_rua';
import { tipoGlicemiaCapilar } from '@saude/shared/codes/tipo_glicemia_capilar';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import { tipoLogradouro } from '@saude/shared/codes/tipo_logradouro';
import { tipoSanguineo } from '@saude/shared/codes/tipo_sanguineo';
import { turno } from '@saude/shared/codes/turno';
import { SITUACAO_ATENDIMENTO_NOME, tiposChegada } from '@saude/shared/schemas/atendimento_tabelas';
import { parentescoFamilia } from '@saude/shared/schemas/familia';
import { motivosInativacaoProntuario } from '@saude/shared/schemas/municipe';

// The code tables of the copy's fields (issue 46): a field's stored code becomes the name the e-SUS and IBGE tables
// give it. The keys are the columns' and the blocks' JSON names, the same in every record that holds them.

type Tabela = ReadonlyArray<{ readonly codigo: string | number; readonly descricao: string }>;

const TABELAS: Record<string, Tabela> = {
  sexo_id: sexo,
  raca_cor_id: racaCor,
  etnia_id: etnia,
  estado_civil_id: estadoCivil,
  nacionalidade_id: nacionalidade,
  pais_nascimento_id: pais,
  motivo_saida_cadastro_id: motivoSaidaCadastro,
  parentesco_id: parentesco,
  tipo_sanguineo_id: tipoSanguineo,
  ocupacao_id: cbo,
  residencia_tipo_logradouro: tipoLogradouro,
  tipo_logradouro: tipoLogradouro,
  inativacao_motivo_id: motivosInativacaoProntuario,
  povo_comunidade_tradicional_id: povoComunidadeTradicional,
  curso_mais_elevado_id: cursoMaisElevado,
  situacao_mercado_trabalho_id: situacaoMercadoTrabalho,
  deficiencias: deficienciaCidadao,
  orientacao_sexual_id: orientacaoSexual,
  identidade_genero_id: identidadeGenero,
  responsaveis_criancas: responsavelCrianca,
  consideracao_peso_id: consideracaoPeso,
  doencas_cardiacas: doencaCardiaca,
  doencas_rins: problemaRins,
  doencas_respiratorias: doencaRespiratoria,
  tempo_situacao_rua_id: tempoSituacaoRua,
  quantas_vezes_alimentacao_id: quantasVezesAlimentacao,
  origem_alimentacao: origemAlimentacao,
  acesso_higiene_ids: acessoHigiene,
  turno_atendimentos: turno,
  tipo_imovel_id: tipoImovel,
  motivo_visita_ids: motivoVisita,
  desfecho_id: desfechoVisita,
  momento_coleta_glicemia_id: tipoGlicemiaCapilar,
  doenca_agravo_id: doencaNotificacaoCompulsoria,
  renda_familiar_id: rendaFamiliar,
  tipo_chegada_id: tiposChegada,
  especialidade: cbo,
};

/** Tables whose codes differ by record: a family's kinship is the family form's list, not the citizen's. */
export const TABELAS_DO_REGISTRO: Record<string, Record<string, Tabela>> = {
  familia: { parentesco_id: parentescoFamilia },
};

const MUNICIPIOS = ['municipio_nascimento_ibge', 'residencia_municipio_ibge', 'municipio_ibge'];

/** The code's name when the field has a table: '1' and 1 both find it; an unknown code stays as stored. */
export function nomeDoCodigo(campo: string, valor: unknown, extra?: Record<string, Tabela>): string | null {
  if (MUNICIPIOS.includes(campo) && typeof valor === 'string') {
    const m = municipio.find((x) => x.codigo_ibge === valor);
    return m ? `${m.nome} (${m.uf})` : valor;
  }
  if (campo === 'situacao' && typeof valor === 'string' && valor in SITUACAO_ATENDIMENTO_NOME)
    return (SITUACAO_ATENDIMENTO_NOME as Record<string, string>)[valor]!;
  const tabela = extra?.[campo] ?? TABELAS[campo];
  if (!tabela) return null;
  const achado = tabela.find((r) => String(r.codigo) === String(valor));
  return achado ? achado.descricao : String(valor);
}
