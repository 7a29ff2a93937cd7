// Tab `sociodemografica` of /municipes/{id}/edit: the e-SUS sociodemographic questions, editable (issue 5).
import {
  normalizarSociodemografica,
  sociodemograficaInputSchema,
  type Municipe,
  type SociodemograficaInput,
} from '@saude/shared/schemas/municipe';
import { CheckboxGroupField, codeOptions, FormSection, SelectField, YesNoField } from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { BlocoEditavel, BlocoForm, useBlocoForm, type BlocoFormProps } from './BlocoForm';
import { OcupacaoField } from './comum';
import { Pergunta, Perguntas, SeSim, valoresDoBloco } from './partes';
import { SOCIO_MODEL, perguntaResponsavelCrianca, socioLabels as L, socioTabelas as T } from './perguntas';
import { SociodemograficaLeitura } from './VisualizarSociodemografica';

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
  return (
    <BlocoEditavel
      bloco="sociodemografica"
      acoes={permissoes.sociodemograficas}
      leitura={(b) => <SociodemograficaLeitura municipe={municipe} bloco={b} />}
      formulario={(props) => <SociodemograficaForm municipe={municipe} {...props} />}
    />
  );
}

function SociodemograficaForm({ municipe, ...props }: BlocoFormProps<'sociodemografica'> & { municipe: Municipe }) {
  const crianca = perguntaResponsavelCrianca(municipe);
  const record = useBlocoForm({
    path: 'sociodemografica',
    props,
    schema: sociodemograficaInputSchema,
    model: SOCIO_MODEL,
    labels: L,
    valores: (b) => valoresDoBloco<SociodemograficaInput>(b, L),
    preparar: ({ lock_version: _lock, ...values }) => ({
      ...normalizarSociodemografica(values),
      // Asked of children only (spec §5); the API refuses it for anyone older.
      responsaveis_criancas: crianca ? values.responsaveis_criancas : [],
    }),
  });
  const { control, setValue, clearErrors } = record.form;
  const dep = { control, setValue, clearErrors };

  return (
    <BlocoForm record={record} model={SOCIO_MODEL} updatedAt={props.bloco.updated_at}>
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
    </BlocoForm>
  );
}
