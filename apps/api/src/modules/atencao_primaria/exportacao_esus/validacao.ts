import { lediMsg } from '@saude/shared/schemas/exportacao_esus';
import { cboCadastroDomiciliarCodigos } from '@saude/shared/codes/cbo_cadastro_domiciliar';
import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import { cboVisitaDomiciliarCodigos } from '@saude/shared/codes/cbo_visita_domiciliar';
import { desfechoVisita } from '@saude/shared/codes/desfecho_visita';
import { isCodigo, type CodeRow } from '@saude/shared/codes/lookup';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { motivoVisita } from '@saude/shared/codes/motivo_visita';
import { nacionalidade } from '@saude/shared/codes/nacionalidade';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { sexo } from '@saude/shared/codes/sexo';
import { tipoGlicemiaCapilar } from '@saude/shared/codes/tipo_glicemia_capilar';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import { turno } from '@saude/shared/codes/turno';
import { isValidCns } from '@saude/shared/validation/cns';
import { isValidCpf } from '@saude/shared/validation/cpf';
import { isValidEmail } from '@saude/shared/validation/email';
import type { Ficha, FichaDomiciliar, FichaIndividual, FichaVisita, Lotacao, TipoFicha } from './mapeamento';
import { temCaractereInvalido } from './xml';

// The check before a record leaves (issue 26): the rules of the LEDI dictionaries (dicionario-fci, -fcd, -fvd) that
// the XSD does not express — required fields, sizes, code lists, the professional's CBO group. A record with a
// problem is not exported; each problem is one line of the report (campo in words the worker knows, motivo).

export interface Problema {
  campo: string;
  motivo: string;
}

const NOME_FICHA: Record<TipoFicha, string> = {
  individual: 'cadastro individual',
  domiciliar: 'cadastro domiciliar',
  visita: 'visita domiciliar',
};
/** LEDI's CBO groups: the occupations that may record each form (../shared/reference/esus/cbo_*.csv). */
const CBO_GRUPO: Record<TipoFicha, ReadonlySet<string>> = {
  individual: new Set(cboCadastroIndividualCodigos),
  domiciliar: new Set(cboCadastroDomiciliarCodigos),
  visita: new Set(cboVisitaDomiciliarCodigos),
};

class Coletor {
  readonly problemas: Problema[] = [];
  add(campo: string, motivo: string): void {
    this.problemas.push({ campo, motivo });
  }
  obrigatorio(campo: string, v: unknown): boolean {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
      this.add(campo, lediMsg.obrigatorio);
      return false;
    }
    return true;
  }
  /** Text: control characters and the layout's size. */
  texto(campo: string, v: string | null | undefined, max: number, min = 0): void {
    if (v == null || v === '') return;
    if (temCaractereInvalido(v)) this.add(campo, lediMsg.caractereInvalido);
    else if (v.length > max) this.add(campo, lediMsg.tamanho(max));
    else if (v.trim().length < min) this.add(campo, lediMsg.invalido);
  }
  codigo(campo: string, tabela: readonly CodeRow[], v: number | null | undefined, required = false): void {
    if (v == null) {
      if (required) this.add(campo, lediMsg.obrigatorio);
      return;
    }
    if (!isCodigo(tabela, v)) this.add(campo, lediMsg.codigo);
  }
  digitos(campo: string, v: string | null | undefined, n: number): void {
    if (v == null || v === '') return;
    if (!new RegExp(`^\\d{${n}}$`).test(v)) this.add(campo, lediMsg.invalido);
  }
  cpf(campo: string, v: string | null | undefined): void {
    if (v && !isValidCpf(v)) this.add(campo, lediMsg.invalido);
  }
  cns(campo: string, v: string | null | undefined): void {
    if (v && !isValidCns(v)) this.add(campo, lediMsg.invalido);
  }
  faixa(campo: string, v: number | null | undefined, min: number, max: number): void {
    if (v != null && (v < min || v > max)) this.add(campo, lediMsg.foraDaFaixa(min, max));
  }
  microArea(v: string | null, foraArea: boolean): void {
    if (foraArea) return;
    if (this.obrigatorio('Microárea', v)) this.digitos('Microárea', v, 2);
  }
}

function header(c: Coletor, l: Lotacao, tipo: TipoFicha, agora: number): void {
  if (c.obrigatorio('CNS do profissional', l.profissionalCns)) c.cns('CNS do profissional', l.profissionalCns);
  if (c.obrigatorio('CBO do profissional', l.cbo) && !CBO_GRUPO[tipo].has(l.cbo as string))
    c.add('CBO do profissional', lediMsg.cboNaoPermitido(NOME_FICHA[tipo]));
  if (c.obrigatorio('CNES da unidade', l.cnes)) c.digitos('CNES da unidade', l.cnes, 7);
  c.digitos('INE da equipe', l.ine, 10);
  if (l.dataAtendimento > agora) c.add('Data da ficha', lediMsg.dataFutura);
}

const NACIONALIDADE = { brasileira: 1, naturalizado: 2, estrangeiro: 3 } as const;
const RACA_INDIGENA = 5;
const MOTIVO_OBITO = 135;

function individual(c: Coletor, f: FichaIndividual): void {
  const m = f.municipe;
  const data = f.lotacao.dataAtendimento;
  if (c.obrigatorio('Nome', m.nome)) c.texto('Nome', m.nome, 70, 3);
  c.texto('Nome social', m.nomeSocial, 70);
  if (c.obrigatorio('Data de nascimento', m.dataNascimento) && (m.dataNascimento as number) > data)
    c.add('Data de nascimento', lediMsg.dataFutura);
  c.codigo('Sexo', sexo, m.sexo, true);
  c.codigo('Raça/cor', racaCor, m.racaCor, true);
  if (m.racaCor === RACA_INDIGENA) c.obrigatorio('Etnia', m.etnia);
  c.codigo('Nacionalidade', nacionalidade, m.nacionalidade, true);
  if (m.nacionalidade === NACIONALIDADE.brasileira) c.obrigatorio('Município de nascimento', m.municipioNascimentoIbge);
  if (m.nacionalidade === NACIONALIDADE.naturalizado) {
    c.obrigatorio('Data de naturalização', m.dataNaturalizacao);
    if (c.obrigatorio('Portaria de naturalização', m.portariaNaturalizacao))
      c.texto('Portaria de naturalização', m.portariaNaturalizacao, 16);
  }
  if (m.nacionalidade === NACIONALIDADE.estrangeiro) {
    c.obrigatorio('País de nascimento', m.paisNascimento);
    c.obrigatorio('Data de entrada no Brasil', m.dataEntradaBrasil);
  }
  if (!m.maeDesconhecida && c.obrigatorio('Nome da mãe', m.nomeMae)) c.texto('Nome da mãe', m.nomeMae, 70, 3);
  if (!m.paiDesconhecido && c.obrigatorio('Nome do pai', m.nomePai)) c.texto('Nome do pai', m.nomePai, 70, 3);
  c.cpf('CPF', m.cpf);
  c.cns('CNS', m.cns);
  c.digitos('NIS (PIS/PASEP)', m.nis, 11);
  if (m.email) {
    c.texto('E-mail', m.email, 100);
    if (!isValidEmail(m.email)) c.add('E-mail', lediMsg.invalido);
  }
  c.microArea(m.microArea, m.foraArea);
  if (!f.ehResponsavel && !f.termoRecusa && !f.responsavel?.cpf && !f.responsavel?.cns)
    c.add('Responsável familiar', lediMsg.responsavelSemDocumento);
  if (f.saida) {
    c.codigo('Motivo da saída', motivoSaidaCadastro, f.saida.motivo, true);
    if (f.saida.motivo === MOTIVO_OBITO) c.obrigatorio('Data do óbito', f.saida.dataObito);
    if (f.saida.numeroDo) c.texto('Número da DO', f.saida.numeroDo, 9);
  }
  for (const [campo, v] of [
    ['Maternidade de referência', f.condicaoSaude?.maternidade_referencia],
    ['Causa da internação', f.condicaoSaude?.internacao_causa],
    ['Plantas medicinais', f.condicaoSaude?.plantas_medicinais_quais],
    ['Grau de parentesco do familiar', f.condicaoSaude?.grau_parentesco_familiar],
    ['Outra instituição', f.condicaoSaude?.outra_instituicao],
  ] as const)
    c.texto(campo, v, 100);
}

/** Property types that answer the institution block (e-SUS: 7–11). */
const INSTITUICAO = new Set([7, 8, 9, 10, 11]);

function domiciliar(c: Coletor, f: FichaDomiciliar): void {
  const e = f.endereco;
  c.codigo('Tipo de imóvel', tipoImovel, f.tipoImovel, true);
  c.microArea(f.microArea, f.foraArea);
  if (c.obrigatorio('CEP', e.cep)) c.digitos('CEP', e.cep, 8);
  c.obrigatorio('Município', e.municipioIbge);
  c.obrigatorio('UF', e.ufDne);
  c.obrigatorio('Tipo de logradouro', e.tipoLogradouro);
  if (c.obrigatorio('Logradouro', e.logradouro)) c.texto('Logradouro', e.logradouro, 72);
  if (!e.semNumero && c.obrigatorio('Número', e.numero)) c.texto('Número', e.numero, 10);
  if (c.obrigatorio('Bairro', e.bairro)) c.texto('Bairro', e.bairro, 72);
  c.texto('Complemento', e.complemento, 30);
  c.texto('Ponto de referência', e.pontoReferencia, 40);
  if (f.termoRecusa) return;
  if (f.tipoImovel === 1)
    for (const fam of f.familias) {
      const quem = fam.numeroProntuario ? `Família (prontuário ${fam.numeroProntuario})` : 'Família';
      if (!fam.cnsResponsavel && !fam.cpfResponsavel) c.add(quem, lediMsg.responsavelSemDocumento);
      c.obrigatorio(`${quem}: data de nascimento do responsável`, fam.dataNascimentoResponsavel);
    }
  if (INSTITUICAO.has(f.tipoImovel)) {
    if (c.obrigatorio('Nome da instituição', f.instituicao?.nome))
      c.texto('Nome da instituição', f.instituicao?.nome, 100);
    c.cns('CNS do responsável técnico', f.instituicao?.responsavelCns);
  }
}

function visita(c: Coletor, f: FichaVisita): void {
  c.codigo('Turno', turno, f.turno, true);
  c.codigo('Desfecho', desfechoVisita, f.desfecho, true);
  c.codigo('Tipo de imóvel', tipoImovel, f.tipoImovel, true);
  for (const m of f.motivos) c.codigo('Motivo da visita', motivoVisita, m);
  c.microArea(f.microArea, f.foraArea);
  c.cpf('CPF do munícipe', f.cidadao?.cpf);
  c.cns('CNS do munícipe', f.cidadao?.cns);
  c.texto('Número do prontuário', f.numeroProntuario, 30);
  c.faixa('Peso (kg)', f.peso, 0.5, 500);
  c.faixa('Altura (cm)', f.altura, 20, 250);
  c.faixa('Temperatura (°C)', f.temperatura, 20, 45);
  c.faixa('Glicemia (mg/dL)', f.glicemia, 20, 800);
  c.faixa('Pressão sistólica', f.pressaoSistolica, 0, 999);
  c.faixa('Pressão diastólica', f.pressaoDiastolica, 0, 999);
  if (f.glicemia != null) c.codigo('Momento da coleta da glicemia', tipoGlicemiaCapilar, f.tipoGlicemia, true);
}

/** The problems that keep a record from being exported; [] when it may go. `agora`: epoch ms. */
export function validarFicha(item: Ficha, agora: number = Date.now()): Problema[] {
  const c = new Coletor();
  header(c, item.ficha.lotacao, item.tipo, agora);
  if (item.tipo === 'individual') individual(c, item.ficha);
  else if (item.tipo === 'domiciliar') domiciliar(c, item.ficha);
  else visita(c, item.ficha);
  return c.problemas;
}
