// The three tabs that edit the citizen record itself (spec §2: default, documento_prontuario, outros). They render
// sections of ONE react-hook-form owned by the page, so switching tabs never loses an edit (docs/decisions.md).
import { Badge, Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { estadoCivil } from '@saude/shared/codes/estado_civil';
import { etnia } from '@saude/shared/codes/etnia';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { nacionalidade } from '@saude/shared/codes/nacionalidade';
import { pais } from '@saude/shared/codes/pais';
import { parentesco } from '@saude/shared/codes/parentesco';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { sexo } from '@saude/shared/codes/sexo';
import { tipoSanguineo } from '@saude/shared/codes/tipo_sanguineo';
import { cboCadastroIndividual } from '@saude/shared/codes/cbo_cadastro_individual';
import {
  MOTIVO_SAIDA_OBITO,
  RACA_COR_INDIGENA,
  motivosInativacaoProntuario,
  tiposCertidao,
  type Municipe,
} from '@saude/shared/schemas/municipe';
import { AddressFields, UF_OPTIONS } from '../../lib/address';
import {
  CheckboxField,
  CnsField,
  CpfField,
  DateField,
  PhoneField,
  RadioField,
  SelectField,
  TextField,
  YesNoField,
  touchInputStyles,
  useFieldLabel,
  type Option,
} from '../../lib/form';
import { http } from '../../lib/http';
import type { MunicipeFormOutput, MunicipeFormValues } from './formValues';

/** What the sections need besides the form: the loaded citizen (edit) and the units the user can pick. */
export type MunicipeFormInfo = { municipe?: Municipe; unidades: Option[] };
const MunicipeFormInfoContext = createContext<MunicipeFormInfo>({ unidades: [] });
export const MunicipeFormInfoProvider = MunicipeFormInfoContext.Provider;

const useMunicipeForm = () => useFormContext<MunicipeFormValues, unknown, MunicipeFormOutput>();

const opcoes = <V extends string | number>(table: readonly { codigo: V; descricao: string }[]): Option<V>[] =>
  table.map((r) => ({ value: r.codigo, label: r.descricao }));

const SEXO = opcoes(sexo);
const RACA_COR = opcoes(racaCor);
const ESTADO_CIVIL = opcoes(estadoCivil);
const NACIONALIDADE = opcoes(nacionalidade);
const ETNIA = opcoes(etnia);
const PAIS = opcoes(pais);
const PARENTESCO = opcoes(parentesco);
const TIPO_SANGUINEO = opcoes(tipoSanguineo);
const MOTIVO_SAIDA = opcoes(motivoSaidaCadastro);
const MOTIVO_INATIVACAO = opcoes(motivosInativacaoProntuario);
const CERTIDAO = tiposCertidao.map((t) => ({ value: t.codigo as string, label: t.descricao }));
const CBO = cboCadastroIndividual.map((c) => ({ value: c.codigo as string, label: `${c.codigo} - ${c.descricao}` }));

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={titulo}>
      <Title order={3} fz="h4" mb="sm">
        {titulo}
      </Title>
      {children}
    </Card>
  );
}

/** One column on phones, two on tablets, three on desks. */
const Col = ({ children, span }: { children: ReactNode; span?: 'full' | 'half' }) => (
  <Grid.Col span={span === 'full' ? 12 : span === 'half' ? { base: 12, sm: 6 } : { base: 12, sm: 6, md: 4 }}>
    {children}
  </Grid.Col>
);

const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

// ---- Identificação (default tab) -------------------------------------------------------------------------------

export function IdentificacaoTab() {
  const form = useMunicipeForm();
  const { control } = form;
  const { municipe } = useContext(MunicipeFormInfoContext);
  const [cpf, cns, provisorio, racaCorId, nacionalidadeId, maeDesconhecida, paiDesconhecido, telefones, foraArea] =
    useWatch({
      control,
      name: [
        'cpf_numero',
        'codigo_cns',
        'cartao_provisorio',
        'raca_cor_id',
        'nacionalidade_id',
        'mae_desconhecida',
        'pai_desconhecido',
        'telefones',
        'fora_area',
      ],
    });
  // Spec §5 rules shown as required marks as they apply (the schema decides either way).
  const cnsObrigatorio = vazio(provisorio);
  const cpfObrigatorio = vazio(provisorio) && vazio(cns);
  const semTelefone = vazio(telefones?.residencial) && vazio(telefones?.celular) && vazio(telefones?.contato);
  const nacionalidadeNum = Number(nacionalidadeId);

  return (
    <Stack gap="md">
      <Secao titulo="Identificação">
        <Grid gap="sm">
          <Col>
            <CpfField control={control} name="cpf_numero" label="CPF" required={cpfObrigatorio && vazio(cpf)} />
          </Col>
          <Col>
            <CnsField control={control} name="codigo_cns" label="CNS" required={cnsObrigatorio} />
          </Col>
          <Col>
            <TextField
              control={control}
              name="cartao_provisorio"
              label="Cartão provisório"
              tooltip="Número do cartão provisório do SUS, quando o munícipe ainda não tem CNS definitivo"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
          <Col span="half">
            <TextField control={control} name="nome" label="Nome" required inputProps={{ autoComplete: 'off' }} />
          </Col>
          <Col span="half">
            <TextField control={control} name="nome_social" label="Nome social" />
          </Col>
          <Col>
            <DateField control={control} name="data_nascimento" label="Data de nascimento" required />
          </Col>
          <Col span="full">
            <RadioField control={control} name="sexo_id" label="Sexo" required data={SEXO} />
          </Col>
          <Col span="full">
            <RadioField control={control} name="raca_cor_id" label="Raça/cor" data={RACA_COR} />
          </Col>
          {Number(racaCorId) === RACA_COR_INDIGENA && (
            <Col span="half">
              <SelectField control={control} name="etnia_id" label="Etnia" required data={ETNIA} />
            </Col>
          )}
          <Col span="full">
            <RadioField control={control} name="estado_civil_id" label="Estado civil" data={ESTADO_CIVIL} />
          </Col>
          <Col span="half">
            <Stack gap={6}>
              <TextField control={control} name="nome_mae" label="Nome da mãe" disabled={maeDesconhecida === true} />
              <CheckboxField control={control} name="mae_desconhecida" label="Mãe desconhecida" />
            </Stack>
          </Col>
          <Col span="half">
            <Stack gap={6}>
              <TextField control={control} name="nome_pai" label="Nome do pai" disabled={paiDesconhecido === true} />
              <CheckboxField control={control} name="pai_desconhecido" label="Pai desconhecido" />
            </Stack>
          </Col>
          <Col span="half">
            <TextField control={control} name="responsavel_nome" label="Nome do responsável" />
          </Col>
          <Col>
            <DateField control={control} name="responsavel_data_nascimento" label="Data de nascimento do responsável" />
          </Col>
        </Grid>
      </Secao>

      <Secao titulo="Nacionalidade e naturalidade">
        <Grid gap="sm">
          <Col span="full">
            <RadioField control={control} name="nacionalidade_id" label="Nacionalidade" data={NACIONALIDADE} />
          </Col>
          {nacionalidadeNum === 1 && (
            <Col span="half">
              <MunicipioNascimentoField inicial={municipe} />
            </Col>
          )}
          {(nacionalidadeNum === 2 || nacionalidadeNum === 3) && (
            <Col span="half">
              <SelectField control={control} name="pais_nascimento_id" label="País de nascimento" data={PAIS} />
            </Col>
          )}
          {nacionalidadeNum === 2 && (
            <>
              <Col>
                <DateField control={control} name="data_naturalizacao" label="Data da naturalização" />
              </Col>
              <Col>
                <TextField control={control} name="portaria_naturalizacao" label="Portaria de naturalização" />
              </Col>
            </>
          )}
          {nacionalidadeNum === 3 && (
            <Col>
              <DateField control={control} name="data_entrada_brasil" label="Data de entrada no Brasil" />
            </Col>
          )}
        </Grid>
      </Secao>

      <Secao titulo="Endereço">
        <AddressFields
          control={control}
          names={{
            cep: 'residencia_cep',
            uf: 'residencia_uf',
            municipio: 'residencia_municipio_nome',
            municipio_ibge: 'residencia_municipio_ibge',
            tipo_logradouro: 'residencia_tipo_logradouro',
            logradouro: 'residencia_logradouro',
            numero: 'residencia_numero',
            bairro: 'residencia_bairro',
            ponto_referencia: 'residencia_ponto_referencia',
          }}
        />
        <Grid gap="sm" mt="sm">
          <Col span="half">
            <TextField control={control} name="residencia_complemento" label="Complemento" />
          </Col>
        </Grid>
      </Secao>

      <Secao titulo="Contatos">
        <Grid gap="sm">
          <Col>
            <PhoneField
              control={control}
              name="telefones.residencial"
              label="Telefone residencial"
              required={semTelefone}
              tooltip="Obrigatório quando nenhum outro telefone for informado"
            />
          </Col>
          <Col>
            <PhoneField control={control} name="telefones.celular" label="Telefone celular" />
          </Col>
          <Col>
            <PhoneField control={control} name="telefones.contato" label="Telefone de contato" />
          </Col>
          <Col span="half">
            <TextField
              control={control}
              name="email"
              label="E-mail"
              inputProps={{ type: 'email', autoComplete: 'off' }}
            />
          </Col>
        </Grid>
      </Secao>

      <Secao titulo="Unidade de referência">
        <Grid gap="sm">
          <Col span="half">
            <UnidadeReferenciaField />
          </Col>
          <Col span="half">
            <SelectField
              control={control}
              name="ocupacao_id"
              label="CBO do profissional"
              data={CBO}
              inputProps={{ limit: 200 }}
            />
          </Col>
          <Col span="half">
            <Leitura
              label="Equipe"
              valor={municipe?.equipe_nome}
              ajuda="Definida pelo cadastro individual do território"
            />
          </Col>
          <Col span="half">
            <Leitura
              label="Profissional de referência"
              valor={municipe?.profissional_nome}
              ajuda="Preenchido automaticamente quando o profissional pertence a uma equipe"
            />
          </Col>
          <Col>
            <TextField
              control={control}
              name="micro_area"
              label="Microárea"
              disabled={foraArea === true}
              inputProps={{ inputMode: 'numeric', maxLength: 2 }}
              description="Dois dígitos, por exemplo 01"
            />
          </Col>
          <Col>
            <CheckboxField control={control} name="fora_area" label="Fora de área" />
          </Col>
        </Grid>
      </Secao>
    </Stack>
  );
}

/** A value the form shows but does not edit here (team and professional come with the territory registration). */
function Leitura({ label, valor, ajuda }: { label: string; valor: string | null | undefined; ajuda: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="md" mih={36} style={{ display: 'flex', alignItems: 'center' }}>
        {valor || 'Não informado'}
      </Text>
      <Text size="xs" c="dimmed">
        {ajuda}
      </Text>
    </Stack>
  );
}

/** The reference unit: the units where the user works plus the citizen's current one (no unit list endpoint yet). */
function UnidadeReferenciaField() {
  const { control } = useMunicipeForm();
  const { unidades } = useContext(MunicipeFormInfoContext);
  return (
    <SelectField control={control} name="unidade_saude_referencia_id" label="Unidade de referência" data={unidades} />
  );
}

type Municipio = { codigo_ibge: string; nome: string; uf: string };

/** Birthplace: any municipality of Brazil, searched by name as the user types (5,570 are too many to list). */
function MunicipioNascimentoField({ inicial }: { inicial?: Municipe }) {
  const { control, setValue } = useMunicipeForm();
  const { field, fieldState } = useController({ control, name: 'municipio_nascimento_ibge' });
  const nome = useWatch({ control, name: 'municipio_nascimento_nome' });
  const codigo = field.value;
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, 300);
  const label = useFieldLabel({ label: 'Município de nascimento' });
  const resultados = useQuery({
    queryKey: ['enderecos', 'municipios', 'busca', q],
    queryFn: ({ signal }) => http.get<Municipio[]>('/api/v1/enderecos/municipios', { q, limit: 30 }, signal),
    enabled: q.trim().length >= 2,
    staleTime: Infinity,
  });
  const data = (resultados.data ?? []).map((m) => ({ value: m.codigo_ibge, label: `${m.nome} - ${m.uf}` }));
  const atual = (codigo as string | null | undefined) || null;
  if (atual && !data.some((o) => o.value === atual)) {
    data.unshift({
      value: atual,
      label: (nome as string | null | undefined) || inicial?.municipio_nascimento_nome || atual,
    });
  }
  return (
    <Select
      {...label}
      data={data}
      value={atual}
      searchable
      clearable
      styles={touchInputStyles}
      searchValue={busca}
      onSearchChange={setBusca}
      // The server already matched accents and case: do not filter its answer again.
      filter={({ options }) => options}
      nothingFoundMessage={q.trim().length >= 2 ? 'Nenhum município encontrado' : 'Digite ao menos 2 letras'}
      placeholder="Digite para buscar"
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(v, option) => {
        field.onChange(v ?? null);
        setValue('municipio_nascimento_nome', option?.label ?? null, { shouldDirty: true });
      }}
      error={fieldState.error?.message}
    />
  );
}

// ---- Documentos e prontuários ----------------------------------------------------------------------------------

export function DocumentosTab() {
  const { control } = useMunicipeForm();
  return (
    <Stack gap="md">
      <Secao titulo="Documentos">
        <Grid gap="sm">
          <Col>
            <TextField control={control} name="cartao_municipal" label="Cartão municipal" />
          </Col>
          <Col>
            <TextField control={control} name="numero_registro" label="Número de registro" />
          </Col>
          <Col>
            <TextField control={control} name="numero_prontuario_familiar" label="Prontuário familiar" />
          </Col>
          <Col>
            <TextField control={control} name="nis" label="NIS (PIS/PASEP)" inputProps={{ inputMode: 'numeric' }} />
          </Col>
        </Grid>
      </Secao>
      <Secao titulo="Identidade">
        <Grid gap="sm">
          <Col>
            <TextField control={control} name="rg_numero" label="Número da identidade" />
          </Col>
          <Col>
            <DateField control={control} name="rg_data_emissao" label="Data de emissão da identidade" />
          </Col>
          <Col>
            <SelectField control={control} name="rg_uf" label="UF da identidade" data={UF_OPTIONS} />
          </Col>
          <Col>
            <TextField control={control} name="rg_orgao_emissor" label="Órgão emissor" />
          </Col>
        </Grid>
      </Secao>
      <Secao titulo="Título de eleitor">
        <Grid gap="sm">
          <Col>
            <TextField
              control={control}
              name="titulo_eleitor"
              label="Título de eleitor"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
          <Col>
            <TextField control={control} name="titulo_zona" label="Zona" inputProps={{ inputMode: 'numeric' }} />
          </Col>
          <Col>
            <TextField control={control} name="titulo_secao" label="Seção" inputProps={{ inputMode: 'numeric' }} />
          </Col>
        </Grid>
      </Secao>
      <Secao titulo="Certidão">
        <Grid gap="sm">
          <Col span="full">
            <RadioField control={control} name="certidao_tipo" label="Tipo de certidão" data={CERTIDAO} />
          </Col>
          <Col span="half">
            <TextField control={control} name="certidao_cartorio" label="Cartório" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_livro" label="Livro" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_folha" label="Folha" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_termo" label="Termo" />
          </Col>
          <Col>
            <DateField control={control} name="certidao_data_emissao" label="Data de emissão da certidão" />
          </Col>
          <Col span="full">
            <TextField
              control={control}
              name="certidao_matricula"
              label="Matrícula"
              description="32 dígitos"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
        </Grid>
      </Secao>
      <ProntuariosSecao />
    </Stack>
  );
}

function ProntuariosSecao() {
  const { control, setValue, getValues } = useMunicipeForm();
  const { unidades, municipe } = useContext(MunicipeFormInfoContext);
  const { fields, append, remove } = useFieldArray({ control, name: 'prontuarios' });
  const lista = useWatch({ control, name: 'prontuarios' }) ?? [];
  // Units named by the saved numbers join the user's own, so every row shows its unit's name.
  const opcoesUnidade = [...unidades];
  for (const p of municipe?.prontuarios ?? []) {
    if (!opcoesUnidade.some((o) => o.value === p.unidade_saude_id))
      opcoesUnidade.push({ value: p.unidade_saude_id, label: p.unidade_nome });
  }
  const [inativando, setInativando] = useState<Set<string>>(new Set());

  return (
    <Secao titulo="Prontuários">
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text c="dimmed" size="sm">
            Nenhum número de prontuário cadastrado.
          </Text>
        )}
        {fields.map((f, i) => {
          const atual = lista[i];
          const salvo = Boolean(atual?.id);
          const inativo = !vazio(atual?.inativacao_motivo_id);
          const mostrarInativacao = inativo || inativando.has(f.id);
          return (
            <Card
              key={f.id}
              withBorder
              radius="sm"
              padding="sm"
              aria-label={`Prontuário ${i + 1}`}
              component="fieldset"
            >
              <Grid gap="sm">
                <Col>
                  <TextField
                    control={control}
                    name={`prontuarios.${i}.numero`}
                    label="Número do prontuário"
                    required
                    disabled={salvo}
                  />
                </Col>
                <Col span="half">
                  <SelectField
                    control={control}
                    name={`prontuarios.${i}.unidade_saude_id`}
                    label="Unidade"
                    required
                    data={opcoesUnidade}
                    disabled={salvo}
                  />
                </Col>
                <Grid.Col span={{ base: 12, md: 2 }}>
                  {inativo && (
                    <Badge color="gray" variant="light" mt={{ md: 30 }}>
                      Inativo
                    </Badge>
                  )}
                </Grid.Col>
                {mostrarInativacao && (
                  <>
                    <Col span="full">
                      <RadioField
                        control={control}
                        name={`prontuarios.${i}.inativacao_motivo_id`}
                        label="Motivo da inativação"
                        data={MOTIVO_INATIVACAO}
                      />
                    </Col>
                    <Col span="full">
                      <TextField
                        control={control}
                        name={`prontuarios.${i}.inativacao_justificativa`}
                        label="Justificativa da inativação"
                        required
                      />
                    </Col>
                  </>
                )}
              </Grid>
              <Group gap="sm" mt="sm">
                {!mostrarInativacao && (
                  <Button variant="default" mih={44} onClick={() => setInativando(new Set(inativando).add(f.id))}>
                    Inativar
                  </Button>
                )}
                {mostrarInativacao && (
                  <Button
                    variant="default"
                    mih={44}
                    onClick={() => {
                      setValue(`prontuarios.${i}.inativacao_motivo_id`, null, { shouldDirty: true });
                      setValue(`prontuarios.${i}.inativacao_justificativa`, null, { shouldDirty: true });
                      const s = new Set(inativando);
                      s.delete(f.id);
                      setInativando(s);
                    }}
                  >
                    {inativo ? 'Reativar' : 'Cancelar inativação'}
                  </Button>
                )}
                {/* A saved number is inactivated, never erased: it may be printed on paper records. */}
                {!salvo && (
                  <Button
                    variant="subtle"
                    color="red"
                    mih={44}
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => remove(i)}
                  >
                    Remover número
                  </Button>
                )}
              </Group>
            </Card>
          );
        })}
        <Group>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              append({
                numero: '',
                unidade_saude_id:
                  (getValues('unidade_saude_referencia_id') as string | null | undefined) ??
                  (unidades[0]?.value as string | undefined) ??
                  '',
                inativacao_motivo_id: null,
                inativacao_justificativa: null,
              })
            }
          >
            Adicionar prontuário
          </Button>
        </Group>
      </Stack>
    </Secao>
  );
}

// ---- Outros ----------------------------------------------------------------------------------------------------

export function OutrosTab() {
  const { control, setValue } = useMunicipeForm();
  const motivo = useWatch({ control, name: 'motivo_saida_cadastro_id' });
  const obito = Number(motivo) === MOTIVO_SAIDA_OBITO;
  return (
    <Stack gap="md">
      <Secao titulo="Outras informações">
        <Grid gap="sm">
          <Col span="half">
            <SelectField
              control={control}
              name="parentesco_id"
              label="Parentesco com o responsável familiar"
              data={PARENTESCO}
            />
          </Col>
          <Col>
            <YesNoField control={control} name="doador_sangue" label="Doador de sangue" />
          </Col>
          <Col>
            <SelectField control={control} name="tipo_sanguineo_id" label="Tipo sanguíneo" data={TIPO_SANGUINEO} />
          </Col>
        </Grid>
      </Secao>
      <Secao titulo="Saída do cadastro">
        <Grid gap="sm">
          <Col span="full">
            <Group align="flex-end" gap="md">
              <RadioField
                control={control}
                name="motivo_saida_cadastro_id"
                label="Motivo da saída"
                data={MOTIVO_SAIDA}
              />
              {!vazio(motivo) && (
                <Button
                  variant="subtle"
                  mih={44}
                  onClick={() => {
                    setValue('motivo_saida_cadastro_id', null, { shouldDirty: true });
                    setValue('data_obito', null, { shouldDirty: true });
                    setValue('numero_do', null, { shouldDirty: true });
                  }}
                >
                  Desfazer saída
                </Button>
              )}
            </Group>
          </Col>
          {obito && (
            <>
              <Col>
                <DateField control={control} name="data_obito" label="Data do óbito" required />
              </Col>
              <Col>
                <TextField
                  control={control}
                  name="numero_do"
                  label="Número da declaração de óbito"
                  inputProps={{ inputMode: 'numeric' }}
                />
              </Col>
            </>
          )}
        </Grid>
      </Secao>
    </Stack>
  );
}
