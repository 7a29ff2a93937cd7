// Tab `sociodemografica` of /municipes/{id}/edit: the e-SUS sociodemographic questions, editable (issue 5).
import { Text } from '@mantine/core';
import {
  normalizarSociodemografica,
  sociodemograficaInputSchema,
  type Municipe,
  type PermissaoCadastro,
  type Sociodemografica,
  type SociodemograficaInput,
} from '@saude/shared/schemas/municipe';
import {
  CheckboxGroupField,
  codeOptions,
  FormSection,
  RecordForm,
  SelectField,
  useRecordForm,
  YesNoField,
} from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { getBloco, useSaveBloco, useSociodemografica } from './api';
import { OcupacaoField } from './comum';
import { BlocoConforme, Pergunta, Perguntas, Proibido, SeSim, atualizadoEm, valoresDoBloco } from './partes';
import { SOCIO_MODEL, perguntaResponsavelCrianca, socioLabels as L, socioTabelas as T } from './perguntas';
import { SociodemograficaLeitura } from './VisualizarSociodemografica';

type Acoes = PermissaoCadastro['sociodemograficas'];
type Campo = keyof SociodemograficaInput;

// "Não" empties the details (as the API's normaliser does).
const LIMPAR_POVO = [['povo_comunidade_tradicional_id', null]] as const satisfies ReadonlyArray<
  readonly [Campo, unknown]
>;
const LIMPAR_ORIENTACAO = [['orientacao_sexual_id', null]] as const satisfies ReadonlyArray<readonly [Campo, unknown]>;
const LIMPAR_IDENTIDADE = [['identidade_genero_id', null]] as const satisfies ReadonlyArray<readonly [Campo, unknown]>;
const LIMPAR_DEFICIENCIA = [['deficiencias', []]] as const satisfies ReadonlyArray<readonly [Campo, unknown]>;

export function SociodemograficaTab() {
  const { municipe, permissoes } = useMunicipeTab();
  const acoes = permissoes.sociodemograficas;
  // The tab is hidden without these, but the URL can be typed (spec §6).
  if (!acoes.includes('update') && !acoes.includes('create')) return <Proibido />;
  return <SociodemograficaCarregada municipe={municipe} acoes={acoes} />;
}

function SociodemograficaCarregada({ municipe, acoes }: { municipe: Municipe; acoes: Acoes }) {
  const bloco = useSociodemografica(municipe.id);
  return (
    <BlocoConforme
      consulta={bloco}
      acoes={acoes}
      leitura={(b) => <SociodemograficaLeitura municipe={municipe} bloco={b} />}
      // Keyed by version: after a save (or a reload after 409) the form starts again from what the API stored.
      formulario={(b) => (
        <SociodemograficaForm
          key={b.lock_version ?? 'novo'}
          municipe={municipe}
          bloco={b}
          podeAtualizar={acoes.includes('update')}
          recarregar={() => bloco.refetch()}
        />
      )}
    />
  );
}

const valoresIniciais = (b: Sociodemografica) => valoresDoBloco<SociodemograficaInput>(b, L);

function SociodemograficaForm({
  municipe,
  bloco,
  podeAtualizar,
  recarregar,
}: {
  municipe: Municipe;
  bloco: Sociodemografica;
  podeAtualizar: boolean;
  recarregar: () => unknown;
}) {
  const salvar = useSaveBloco(municipe.id, 'sociodemografica', { podeAtualizar });
  const crianca = perguntaResponsavelCrianca(municipe);
  const record = useRecordForm({
    schema: sociodemograficaInputSchema,
    defaultValues: valoresIniciais(bloco),
    model: SOCIO_MODEL,
    labels: L,
    save: ({ lock_version: _lock, ...values }) =>
      salvar.mutateAsync({
        ...normalizarSociodemografica(values),
        // Asked of children only (spec §5); the API refuses it for anyone older.
        responsaveis_criancas: crianca ? values.responsaveis_criancas : [],
        lock_version: bloco.lock_version,
      }),
    stale: {
      reload: recarregar,
      latest: () => getBloco(municipe.id, 'sociodemografica'),
      toValues: valoresIniciais,
    },
  });
  const { form } = record;
  const { control, setValue, clearErrors } = form;
  const dep = { control, setValue, clearErrors };
  const atualizado = atualizadoEm(bloco.updated_at);

  return (
    <RecordForm
      record={record}
      label={SOCIO_MODEL}
      onCancel={form.formState.isDirty ? () => form.reset() : undefined}
      cancelLabel="Desfazer alterações"
    >
      <FormSection title="Informações sociodemográficas">
        <Perguntas>
          <Pergunta>
            <YesNoField control={control} name="responsavel_familiar" label={L.responsavel_familiar} />
          </Pergunta>
          <Pergunta>
            <OcupacaoField control={control} name="ocupacao_id" label={L.ocupacao_id} />
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="frequenta_escola" label={L.frequenta_escola} />
          </Pergunta>
          <Pergunta>
            <SelectField
              control={control}
              name="curso_mais_elevado_id"
              label={L.curso_mais_elevado_id}
              data={codeOptions(T.curso_mais_elevado_id)}
            />
          </Pergunta>
          <Pergunta>
            <SelectField
              control={control}
              name="situacao_mercado_trabalho_id"
              label={L.situacao_mercado_trabalho_id}
              data={codeOptions(T.situacao_mercado_trabalho_id)}
            />
          </Pergunta>
          {crianca && (
            <Pergunta>
              <CheckboxGroupField
                control={control}
                name="responsaveis_criancas"
                label={L.responsaveis_criancas}
                data={codeOptions(T.responsaveis_criancas)}
              />
            </Pergunta>
          )}
          <Pergunta>
            <YesNoField
              control={control}
              name="frequenta_cuidador_tradicional"
              label={L.frequenta_cuidador_tradicional}
            />
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="participa_grupo_comunitario" label={L.participa_grupo_comunitario} />
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="plano_saude_privado" label={L.plano_saude_privado} />
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="povo_comunidade_tradicional" label={L.povo_comunidade_tradicional} />
            <SeSim {...dep} pergunta="povo_comunidade_tradicional" limpar={LIMPAR_POVO}>
              <SelectField
                control={control}
                name="povo_comunidade_tradicional_id"
                label={L.povo_comunidade_tradicional_id}
                required
                data={codeOptions(T.povo_comunidade_tradicional_id)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="informa_orientacao_sexual" label={L.informa_orientacao_sexual} />
            <SeSim {...dep} pergunta="informa_orientacao_sexual" limpar={LIMPAR_ORIENTACAO}>
              <SelectField
                control={control}
                name="orientacao_sexual_id"
                label={L.orientacao_sexual_id}
                required
                data={codeOptions(T.orientacao_sexual_id)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="informa_identidade_genero" label={L.informa_identidade_genero} />
            <SeSim {...dep} pergunta="informa_identidade_genero" limpar={LIMPAR_IDENTIDADE}>
              <SelectField
                control={control}
                name="identidade_genero_id"
                label={L.identidade_genero_id}
                required
                data={codeOptions(T.identidade_genero_id)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>
            <YesNoField control={control} name="possui_deficiencia" label={L.possui_deficiencia} />
            <SeSim {...dep} pergunta="possui_deficiencia" limpar={LIMPAR_DEFICIENCIA}>
              <CheckboxGroupField
                control={control}
                name="deficiencias"
                label={L.deficiencias}
                required
                data={codeOptions(T.deficiencias)}
              />
            </SeSim>
          </Pergunta>
        </Perguntas>
      </FormSection>
      {atualizado && (
        <Text size="sm" c="dimmed">
          {atualizado}
        </Text>
      )}
    </RecordForm>
  );
}
