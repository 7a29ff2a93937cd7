// /atencao_primaria/cadastros_domiciliares/{id}/edit/familias (spec §2 child tab, issue 7): the families living in the
// home, linking one not yet linked (409 when already linked; a head already heading a family in another home asks to
// confirm, spec §8) and unlinking with confirmation.
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { msg } from '@saude/shared';
import {
  CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
  ehDomicilio,
  type CadastroDomiciliar,
  type FamiliaDoDomicilio,
} from '@saude/shared/schemas/cadastro_domiciliar';
import type { FamiliaListItem } from '@saude/shared/schemas/familia';
import { usePode } from '../../../lib/access';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { maskCns, useFieldLabel, SearchSelect, useServerSearch, type SearchOption } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { BASE_PATH as FAMILIAS_PATH, useFamilias } from '../familias/api';
import { RowsTable } from '../../../lib/RowsTable';
import { useDesvincularFamilia, useVincularFamilia } from './api';
import { ResponsavelFamilia } from './comum';
import type { DomicilioTabContext } from './CadastroDomiciliarFormPage';

export const VINCULADA_COM_SUCESSO = 'Família vinculada ao domicílio.';
export const DESVINCULADA_COM_SUCESSO = 'Família desvinculada do domicílio.';

export function FamiliasTab() {
  const { domicilio } = useOutletContext<DomicilioTabContext>();
  return <FamiliasDoDomicilio domicilio={domicilio} />;
}

export function FamiliasDoDomicilio({ domicilio }: { domicilio: CadastroDomiciliar }) {
  const podeEditar = usePode('atencao_primaria/cadastros_domiciliares:update');
  const [aberto, { open, close }] = useDisclosure(false);
  const desvincular = useDesvincularFamilia(domicilio.id);
  // Families live in homes only (e-SUS: property type Domicílio, without refusal).
  const aceitaFamilias = ehDomicilio(domicilio.tipo_imovel_id) && !domicilio.termo_recusa;

  const onDesvincular = (f: FamiliaDoDomicilio) =>
    modals.openConfirmModal({
      title: 'Desvincular família?',
      children: (
        <Text size="sm">
          A família de {f.responsavel_nome} deixará de constar neste domicílio. Ela continua cadastrada e pode ser
          vinculada de novo.
        </Text>
      ),
      labels: { confirm: 'Sim, desvincular', cancel: 'Não, manter' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        desvincular.mutateAsync(f.id).then(
          () => notifySuccess(DESVINCULADA_COM_SUCESSO),
          (err: unknown) => notifyError(err),
        );
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {domicilio.familias.length === 0
            ? 'Nenhuma família vinculada a este domicílio.'
            : `${domicilio.familias.length} ${domicilio.familias.length === 1 ? 'família' : 'famílias'} neste domicílio.`}
        </Text>
        {podeEditar && aceitaFamilias && (
          <Button mih={44} leftSection={<IconLink size={18} aria-hidden />} onClick={open}>
            Vincular família
          </Button>
        )}
      </Group>
      {!aceitaFamilias && (
        <Alert color="gray" variant="light" role="status">
          {msg.familiasSomenteDomicilio}
        </Alert>
      )}
      {domicilio.familias.length > 0 && (
        <RowsTable
          minWidth={560}
          label="Famílias do domicílio"
          striped
          withTableBorder
          verticalSpacing="sm"
          columns={['Responsável familiar', 'CNS', 'Prontuário', 'Membros']}
          acoes={podeEditar}
        >
          {domicilio.familias.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <ResponsavelFamilia f={f} fw={600} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {f.responsavel_cns ? maskCns(f.responsavel_cns) : '—'}
              </Table.Td>
              <Table.Td>{f.numero_prontuario ?? '—'}</Table.Td>
              <Table.Td>{f.numero_membros}</Table.Td>
              {podeEditar && (
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    variant="subtle"
                    color="red"
                    mih={44}
                    leftSection={<IconLinkOff size={16} aria-hidden />}
                    aria-label={`Desvincular a família de ${f.responsavel_nome}`}
                    onClick={() => onDesvincular(f)}
                  >
                    Desvincular
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </RowsTable>
      )}
      {aberto && <VincularFamiliaModal domicilioId={domicilio.id} onClose={close} />}
    </Stack>
  );
}

/** 'Maria Souza · Prontuário 123 · 3 membros'. */
const opcaoFamilia = (f: FamiliaListItem): SearchOption => ({
  value: f.id,
  label: `${f.responsavel_nome}${f.numero_prontuario ? ` · Prontuário ${f.numero_prontuario}` : ''} · ${f.numero_membros} ${f.numero_membros === 1 ? 'membro' : 'membros'}`,
});

/** Picks a family not linked to any home (vinculada=false), searched by the head's name, CPF or CNS. */
function VincularFamiliaModal({ domicilioId, onClose }: { domicilioId: string; onClose: () => void }) {
  const [escolhida, setEscolhida] = useState<SearchOption | null>(null);
  const familiaId = escolhida?.value ?? null;
  const [erro, setErro] = useState<string | undefined>();
  const search = useServerSearch({ chosen: escolhida, minLength: 0 });
  const familias = useFamilias({
    vinculada: false,
    mudou: false,
    responsavel: search.termo || undefined,
    page: 1,
    per_page: 20,
  });
  const vincular = useVincularFamilia(domicilioId);
  const label = useFieldLabel({
    label: 'Família',
    required: true,
    tooltip: 'Somente famílias ainda sem domicílio. Busque pelo nome, CPF ou CNS do responsável familiar.',
  });
  const enviar = async (confirmar: boolean) => {
    if (!familiaId) {
      setErro(msg.obrigatorio);
      return;
    }
    try {
      await vincular.mutateAsync({ familia_id: familiaId, confirmar });
      notifySuccess(VINCULADA_COM_SUCESSO);
      onClose();
    } catch (err) {
      // Spec §8: the head already heads a family in another home — ask, and link on "Sim".
      if (
        err instanceof ApiError &&
        err.status === 409 &&
        err.body.confirmacao === CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO
      ) {
        modals.openConfirmModal({
          title: 'Confirmar vínculo',
          children: <Text size="sm">{err.message}</Text>,
          labels: { confirm: 'Sim', cancel: 'Não' },
          onConfirm: () => void enviar(true),
        });
        return;
      }
      if (err instanceof ApiError && (err.code === 'conflito' || err.code === 'validacao')) {
        setErro(err.errors.familia_id?.[0] ?? err.message);
        return;
      }
      notifyError(err);
    }
  };

  return (
    // The close button needs a name (axe button-name): Mantine leaves it unnamed.
    <Modal opened onClose={onClose} title="Vincular família" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="md">
        <SearchSelect
          {...label}
          {...search.selectProps(
            { data: familias.data?.rows, isFetching: familias.isFetching },
            opcaoFamilia,
            'Nenhuma família sem domicílio encontrada.',
          )}
          value={familiaId}
          error={erro}
          placeholder="Nome, CPF ou CNS do responsável"
          onChange={(_v, option) => {
            setEscolhida(option ? { value: option.value, label: option.label } : null);
            setErro(undefined);
          }}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          A família não está na lista?{' '}
          {/* Underlined: a link inside a sentence is told apart by more than its colour (axe link-in-text-block). */}
          <Anchor component={Link} to={`${FAMILIAS_PATH}/new`} size="xs" underline="always">
            Cadastrar família
          </Anchor>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} disabled={vincular.isPending}>
            Cancelar
          </Button>
          <Button mih={44} loading={vincular.isPending} onClick={() => void enviar(false)}>
            Vincular
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
