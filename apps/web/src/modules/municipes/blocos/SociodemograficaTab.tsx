// Tab `sociodemografica` of /municipes/{id}/edit: the e-SUS sociodemographic questions, editable (issue 5).
import {
  normalizarSociodemografica,
  sociodemograficaInputSchema,
  type Municipe,
  type SociodemograficaInput,
} from '@saude/shared/schemas/municipe';
import { useMunicipeTab } from '../context';
import { BlocoEditavel, BlocoForm, useBlocoForm, type BlocoFormProps } from './BlocoForm';
import { OcupacaoField } from './comum';
import { SecaoPerguntas, valoresDoBloco } from './partes';
import { SOCIO_MODEL, perguntaResponsavelCrianca, socioLabels as L, socioSecao } from './perguntas';
import { SociodemograficaLeitura } from './VisualizarSociodemografica';

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
  const { control } = record.form;

  return (
    <BlocoForm record={record} model={SOCIO_MODEL} updatedAt={props.bloco.updated_at}>
      <SecaoPerguntas
        secao={socioSecao}
        form={record.form}
        ocultas={crianca ? [] : ['responsaveis_criancas']}
        proprios={{
          ocupacao_id: <OcupacaoField control={control} name="ocupacao_id" label={L.ocupacao_id} />,
        }}
      />
    </BlocoForm>
  );
}
