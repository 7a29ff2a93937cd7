// A field declared once (issue 40): added to a shared schema with its label, it reaches the form's defaults, record →
// form, form → body, the form's validation and labels, the audit's compared fields and the audit screen's label.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '@saude/shared';
import { camposDe, rotulosDe } from '@saude/shared/rotulos';
import { equipeFieldsSchema, type Equipe } from '@saude/shared/schemas/administracao_equipes';
import { alteracoesDe } from '@saude/shared/schemas/auditoria_alteracoes';
import { optionalText } from '@saude/shared/validation/zod';
import { formCodec } from './codec';

const comNovo = equipeFieldsSchema.extend({
  novo_campo: optionalText({ max: 5 }).meta({ label: 'Novo campo' }),
  nova_lista: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? [])
    .meta({ label: 'Nova lista' }),
  nova_pergunta: z.boolean().optional().meta({ label: 'Nova pergunta' }),
});
const codec = formCodec(comNovo);
const UUID = '0190a6d2-1c1e-7000-8000-000000000001';
const equipe = {
  ine: '1234567890',
  nome: 'ESF 1',
  tipo: '70',
  unidade_saude_id: UUID,
  micro_areas: ['01'],
  ativo: true,
} as Partial<Equipe>;

describe('a field added to the shared schema', () => {
  it('starts empty on a new record: null, [] for a list, an unanswered question null', () => {
    expect(codec.empty()).toMatchObject({ novo_campo: null, nova_lista: [], nova_pergunta: null });
    expect(codec.keys).toContain('novo_campo');
  });

  it('comes from the record as it is: a null stays null, never "Não"', () => {
    const v = codec.toForm({ ...equipe, novo_campo: 'abc', nova_lista: null, nova_pergunta: null });
    expect(v).toMatchObject({ novo_campo: 'abc', nova_lista: [], nova_pergunta: null, ine: '1234567890' });
    expect(codec.toForm({ ...equipe, nova_pergunta: false }).nova_pergunta).toBe(false);
  });

  it('goes in the body when answered and is left out when empty', () => {
    const v = codec.toForm(equipe);
    expect(codec.toBody({ ...v, novo_campo: 'abc', nova_pergunta: false })).toMatchObject({
      novo_campo: 'abc',
      nova_pergunta: false,
    });
    const vazio = codec.toBody({ ...v, novo_campo: '', nova_pergunta: null });
    expect(vazio.novo_campo).toBeUndefined();
    expect(vazio.nova_pergunta).toBeUndefined();
  });

  it('is checked by the shared rule, the message on the field, and labelled as declared', () => {
    const r = codec.schema().safeParse({ ...codec.toForm(equipe), novo_campo: 'abcdef' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['novo_campo', msg.max(5)]]);
    expect(codec.labels.novo_campo).toBe('Novo campo');
  });

  it('is audited and labelled in the audit from the same catalogue', () => {
    expect(camposDe(comNovo)).toEqual(expect.arrayContaining(['novo_campo', 'nova_lista', 'nova_pergunta']));
    expect(rotulosDe(comNovo).novo_campo).toBe('Novo campo');
    // The audit screen reads the record's catalogue: the team form's label, not a list of its own.
    expect(alteracoesDe({ alteracoes: { tipo: { antes: null, depois: '70' } } }, 'administracao/equipes')).toEqual([
      { campo: rotulosDe(equipeFieldsSchema).tipo, texto: '(vazio) → 70' },
    ]);
    // Another record's word for a key the team does not have is not borrowed (the unit's 'CNES').
    expect(alteracoesDe({ alteracoes: { cnes: { antes: null, depois: '1' } } }, 'administracao/equipes')).toEqual([
      { campo: 'cnes', texto: '(vazio) → 1' },
    ]);
    expect(alteracoesDe({ alteracoes: { cnes: { antes: null, depois: '1' } } })![0]!.campo).toBe('CNES');
  });
});

describe('a field the API wants as null when not answered (`nulls`)', () => {
  const comNulos = formCodec(comNovo, { nulls: ['nova_pergunta', 'novo_campo'] });
  const v = comNulos.toForm(equipe);

  it('goes as null, empty text too; the fields not listed are still left out', () => {
    const body = comNulos.toBody({ ...v, novo_campo: '', nova_pergunta: null, nome: null });
    expect(body).toMatchObject({ novo_campo: null, nova_pergunta: null });
    expect(body.nome).toBeUndefined();
  });

  it('goes as answered when answered, false included; a list stays a list', () => {
    expect(comNulos.toBody({ ...v, novo_campo: 'abc', nova_pergunta: false })).toMatchObject({
      novo_campo: 'abc',
      nova_pergunta: false,
      nova_lista: [],
    });
  });

  it('true: every field goes, an empty one as null', () => {
    const todos = formCodec(comNovo, { nulls: true });
    const body = todos.toBody({ ...todos.empty(), nome: 'ESF 2' }) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...todos.keys].sort());
    expect(body).toMatchObject({ nome: 'ESF 2', ine: null, nova_pergunta: null, nova_lista: [] });
  });
});

describe('a group of fields and a list of objects (the phones, the record numbers)', () => {
  const texto = () => optionalText({ max: 5 });
  const comGrupo = equipeFieldsSchema.extend({
    contatos: z
      .object({ fixo: texto().meta({ label: 'Telefone fixo' }), celular: texto().meta({ label: 'Celular' }) })
      .nullish()
      .transform((v) => v ?? { fixo: undefined, celular: undefined })
      .meta({ label: 'Contatos' }),
    numeros: z
      .array(z.object({ numero: texto().meta({ label: 'Número' }), id: z.string().optional() }))
      .nullish()
      .transform((v) => v ?? [])
      .meta({ label: 'Números' }),
  });
  const grupo = formCodec(comGrupo);

  it('starts with each part empty, and a record without it reads the same', () => {
    expect(grupo.empty()).toMatchObject({ contatos: { fixo: null, celular: null }, numeros: [] });
    expect(grupo.toForm({ ...equipe, contatos: null }).contatos).toEqual({ fixo: null, celular: null });
    expect(grupo.toForm({ ...equipe, contatos: { fixo: '1', celular: null } }).contatos).toEqual({
      fixo: '1',
      celular: null,
    });
  });

  it("labels each part under the field's path, from the shared schema", () => {
    expect(grupo.labels).toMatchObject({
      contatos: 'Contatos',
      'contatos.fixo': 'Telefone fixo',
      'contatos.celular': 'Celular',
      numeros: 'Números',
      'numeros.numero': 'Número',
    });
    expect(grupo.labels['numeros.id']).toBeUndefined();
  });
});
