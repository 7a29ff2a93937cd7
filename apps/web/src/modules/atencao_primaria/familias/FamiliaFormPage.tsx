// /atencao_primaria/familias/new and /{id}/edit (spec §2, issue 7): header, record number, living-since month, the
// family head, income, 'Mudou-se', and the members (the head first, not removable). A citizen already in another
// family is refused by the API (409 'Este munícipe já está cadastrado em outra família'): the message goes on the
// member's field and in the save summary.
import { Anchor, Badge, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { rendaFamiliar } from '@saude/shared/codes/renda_familiar';
import type { Familia } from '@saude/shared/schemas/familia';
import { PageHeading } from '../../../lib/PageHeading';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import {
  codeOptions,
  FormSection,
  ReadOnlyValue,
  ReadOnlyView,
  RecordForm,
  SelectField,
  TextField,
  useReadOnlyView,
  useRecordForm,
  yesNoText,
} from '../../../lib/form';
import { comVersao, recordFormPage, staleEdit } from '../../../lib/recordPage';
import { BASE_PATH as DOMICILIOS_PATH } from '../cadastros_domiciliares/api';
import { CabecalhoEsus } from '../comum/CabecalhoEsus';
import { BASE_PATH, getFamilia, useDeleteFamilia, useFamilia, useSaveFamilia } from './api';
import { MesAnoField, Membros, resumoDe } from './FamiliaCampos';
import {
  campoDoForm,
  familiaFormSchema,
  familiaParaForm,
  formParaApi,
  novaFamilia,
  rotulosDaFamilia,
  type FamiliaFormValues,
} from './formValues';
import { MunicipePicker, type MunicipeResumo } from '../../municipes';

export const MODEL = 'Família';
const DICA_RESPONSAVEL =
  'O responsável familiar é a pessoa de referência da família (em geral quem responde pelo domicílio). Ele é sempre o primeiro membro e não pode ser removido da lista.';
const RENDAS = codeOptions(rendaFamiliar);

export const FamiliaFormPage = recordFormPage(
  { load: useFamilia, backTo: BASE_PATH, label: 'Carregando família' },
  FamiliaForm,
);

function FamiliaForm({ atual, recarregar }: { atual?: Familia; recarregar?: () => void }) {
  useDocumentTitle(atual ? `Família · ${atual.responsavel_nome}` : 'Nova família');
  const navigate = useNavigate();
  const save = useSaveFamilia(atual?.id);
  const remover = useDeleteFamilia();
  const podeRemover = usePode('atencao_primaria/familias:destroy');
  // Profiles that only read families (physician, nurse, ACE) open the family locked, as the citizen form does.
  const podeEditar = usePode(atual ? 'atencao_primaria/familias:update' : 'atencao_primaria/familias:create');
  // Names of the citizens known to the form (the loaded members, then each pick), for the head's row and the summary.
  const [conhecidos, setConhecidos] = useState<Record<string, MunicipeResumo>>(() =>
    Object.fromEntries((atual?.membros ?? []).map((m) => [m.municipe_id, resumoDe(m)])),
  );
  const conhecer = (m: MunicipeResumo | undefined) => {
    if (m) setConhecidos((prev) => ({ ...prev, [m.id]: m }));
  };
  // The member rows as last rendered: the summary names whose kinship is missing.
  const membrosVistos = useRef<FamiliaFormValues['membros']>([]);
  const record = useRecordForm({
    schema: familiaFormSchema,
    defaultValues: atual ? familiaParaForm(atual) : novaFamilia(),
    model: MODEL,
    labels: rotulosDaFamilia(membrosVistos.current, conhecidos),
    save: (values) => save.mutateAsync(comVersao(formParaApi(values), atual)),
    onSaved: (saved) => (atual ? BASE_PATH : `${BASE_PATH}/${saved.id}/edit`),
    // The 409 'already in another family' names the member: its message goes on that field.
    fieldOf: campoDoForm,
    stale: staleEdit(atual, recarregar, getFamilia, familiaParaForm),
    canSave: podeEditar,
  });
  const { form } = record;
  membrosVistos.current = useWatch({ control: form.control, name: 'membros' });

  return (
    <Stack gap="md">
      <PageHeading
        title={atual ? `Família de ${atual.responsavel_nome}` : 'Nova família'}
        badges={
          atual?.mudou && (
            <Badge color="orange" variant="light">
              Mudou-se
            </Badge>
          )
        }
        actions={
          atual && (
            <Text size="sm">
              {atual.domicilio_id ? (
                <>
                  Domicílio: {/* The darkest cyan: AA contrast for a link in small text (axe color-contrast). */}
                  <Anchor component={Link} to={`${DOMICILIOS_PATH}/${atual.domicilio_id}/detalhes`} c="saude.9">
                    {atual.domicilio_endereco ?? 'ver domicílio'}
                  </Anchor>
                </>
              ) : (
                'Sem domicílio vinculado'
              )}
            </Text>
          )
        }
      />
      <RecordForm
        record={record}
        label={atual ? 'Editar família' : 'Nova família'}
        onCancel={() => void navigate(BASE_PATH)}
        locked={!podeEditar}
        lockedActions={<BackButton to={BASE_PATH}>Voltar para a lista</BackButton>}
        extraActions={
          atual &&
          podeRemover && (
            <RemoveButton
              model="família"
              remove={() => remover.mutateAsync(atual.id)}
              onRemoved={record.allowNavigation}
              goTo={BASE_PATH}
            >
              Remover família
            </RemoveButton>
          )
        }
      >
        {/* A profile that only reads families sees the answers as text, not a greyed-out form (issue 12). */}
        <ReadOnlyView active={!podeEditar}>
          <CabecalhoEsus control={form.control} atual={atual} escolheEquipe />
          <FormSection title="Família">
            <MunicipePicker
              control={form.control}
              name="responsavel_id"
              label="Responsável familiar"
              required
              tooltip={DICA_RESPONSAVEL}
              inicial={atual ? conhecidos[atual.responsavel_id] : undefined}
              onEscolhido={conhecer}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextField
                control={form.control}
                name="numero_prontuario"
                label="Nº do prontuário familiar"
                inputProps={{ maxLength: 30 }}
              />
              <MesAnoField form={form} />
              <SelectField control={form.control} name="renda_familiar_id" label="Renda familiar" data={RENDAS} />
            </SimpleGrid>
            <MudouField form={form} />
          </FormSection>
          <Membros form={form} conhecidos={conhecidos} conhecer={conhecer} atual={atual} />
        </ReadOnlyView>
      </RecordForm>
    </Stack>
  );
}

/** 'Mudou-se' as a switch, or its answer in a read-only view. */
function MudouField({ form }: { form: UseFormReturn<FamiliaFormValues, unknown, FamiliaFormValues> }) {
  const view = useReadOnlyView();
  if (view) return <ReadOnlyValue label="Mudou-se">{yesNoText(form.getValues('mudou'))}</ReadOnlyValue>;
  return (
    <Controller
      control={form.control}
      name="mudou"
      render={({ field }) => (
        <Switch
          size="md"
          label="Mudou-se"
          description="A família deixou o território: o histórico fica, mas não recebe novas visitas."
          checked={field.value === true}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          ref={field.ref}
          name={field.name}
        />
      )}
    />
  );
}
