// The visit form (spec §2, §3, §5; issue 8), one page for three routes:
//   /{familiaId}/visitar                       the family as a whole
//   /{familiaId}/membro/{municipeId}/visitar   a member of the family
//   /membro/{municipeId?}/visitar              a citizen without a family, or the property alone (territorial visit)
// The family's own record is asked first (spec §7 GET /atencao_primaria/familias/{familiaId}): a family that moved away
// never opens the form (spec §4). Then the context (may this user launch? which specialty, micro-area, property?).
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { msg, newId } from '@saude/shared';
import type { Familia } from '@saude/shared/schemas/familia';
import type { VisitaContexto, VisitaDomiciliar } from '@saude/shared/schemas/visita_domiciliar';
import { motivoVisita } from '@saude/shared/codes/motivo_visita';
import { enderecoLinha } from '@saude/shared/endereco';
import { LoadError, LoadingRecord } from '../../../lib/feedback';
import { RecordForm, SubHeadings, useRecordForm } from '../../../lib/form';
import { idadeTexto } from '../../../lib/format';
import { saveDraft, takeDraft } from '../../../lib/drafts';
import { ApiError } from '../../../lib/http';
import { useUsuario } from '../../../lib/session';
import { BASE_PATH, useContextoVisita, useMunicipeVisitado, useSalvarVisita, useSituacaoFamilia } from './api';
import { ALERTA, Bloqueio, MODEL } from './comum';
import type { VisitaFormValues } from './formValues';
import { FamiliaCabecalho } from './VisitaFamiliaDetalhesPage';
import { campoDoForm, formParaApi, novaVisita, pedeEndereco, ROTULOS, visitaFormSchema, type Alvo } from './formValues';
import { Cabecalho, Desfecho, EnderecoVisita, Local, Medidas, Motivos } from './VisitaSecoes';
import { enfileirarVisita } from './offline/fila';
import { useSincronizacao } from './offline/useSincronizacao';

const SEXO_MASCULINO = 0;

/** Not sent, and the device could not keep it (no IndexedDB): the form keeps it until the network is back. */
class SemConexao extends Error {}
const semConexao = (err: unknown) => err instanceof SemConexao || (err instanceof ApiError && err.status === 0);

/** What the visit is about: the family (maybe a member of it), a citizen without a family, or the property alone. */
interface Visitado {
  familia?: Familia;
  municipe?: { id: string; nome: string; data_nascimento: string; sexo_id: number };
}

export function VisitaFormPage() {
  const { familiaId, municipeId, domicilioId } = useParams();
  // "Quem visitar" (issue 44) opens the form with the line's reason: ?motivo=<e-SUS MotivoVisita code>.
  const [busca] = useSearchParams();
  const motivo = motivoVisitaValido(busca.get('motivo'));
  return familiaId ? (
    <ComFamilia
      key={`${familiaId}/${municipeId ?? ''}`}
      familiaId={familiaId}
      municipeId={municipeId}
      motivo={motivo}
    />
  ) : domicilioId ? (
    <ComContexto
      key={domicilioId}
      alvo={{ domicilioId, motivo }}
      visitado={{}}
      voltar={`${BASE_PATH}/quem_visitar/imoveis`}
    />
  ) : (
    <SemFamilia key={municipeId ?? ''} municipeId={municipeId} />
  );
}

/** A reason code from the address, if it is one of e-SUS's; anything else is ignored. */
const motivoVisitaValido = (v: string | null): number | undefined => {
  const n = Number(v);
  return v && motivoVisita.some((m) => m.codigo === n) ? n : undefined;
};

function ComFamilia({ familiaId, municipeId, motivo }: { familiaId: string; municipeId?: string; motivo?: number }) {
  const q = useSituacaoFamilia(familiaId);
  const detalhes = `${BASE_PATH}/${familiaId}/detalhes`;
  if (q.error instanceof ApiError && q.error.code === 'nao_encontrado') {
    return <Bloqueio mensagem={msg.cadastroNaoEncontrado} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  }
  // Offline with no copy of this family on the device (issue 25): say what to do, not a generic failure.
  if (semConexao(q.error))
    return <Bloqueio mensagem={msg.familiaForaDoAparelho} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <LoadingRecord label="Carregando família" />;
  // Spec §4: a family that moved away receives no visit; said before any form opens.
  if (q.data.mudou)
    return <Bloqueio mensagem={msg.familiaMudou} voltar={detalhes} voltarLabel="Voltar para a família" />;
  const membro = municipeId ? q.data.membros.find((m) => m.municipe_id === municipeId && m.ativo) : undefined;
  if (municipeId && !membro)
    return (
      <Bloqueio
        mensagem={`O munícipe ${msg.membroForaDaFamilia}.`}
        voltar={detalhes}
        voltarLabel="Voltar para a família"
      />
    );
  const visitado: Visitado = {
    familia: q.data,
    municipe: membro && {
      id: membro.municipe_id,
      nome: membro.nome_social ?? membro.nome,
      data_nascimento: membro.data_nascimento,
      sexo_id: membro.sexo_id,
    },
  };
  return <ComContexto alvo={{ familiaId, municipeId, motivo }} visitado={visitado} voltar={detalhes} />;
}

function SemFamilia({ municipeId }: { municipeId?: string }) {
  const q = useMunicipeVisitado(municipeId);
  if (!municipeId) return <ComContexto alvo={{}} visitado={{}} voltar={BASE_PATH} />;
  if (q.error instanceof ApiError && q.error.code === 'nao_encontrado') {
    return <Bloqueio mensagem={msg.cadastroNaoEncontrado} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  }
  // Offline with no copy of this citizen on the device (issue 39): which citizens open offline, said on the screen.
  if (semConexao(q.error))
    return <Bloqueio mensagem={msg.municipeForaDoAparelho} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <LoadingRecord label="Carregando munícipe" />;
  return <ComContexto alvo={{ municipeId }} voltar={BASE_PATH} visitado={{ municipe: q.data }} />;
}

function ComContexto({ alvo, visitado, voltar }: { alvo: Alvo; visitado: Visitado; voltar: string }) {
  const ctx = useContextoVisita({
    familia_id: alvo.familiaId,
    municipe_id: alvo.municipeId,
    domicilio_id: alvo.domicilioId,
  });
  if (ctx.error instanceof ApiError && (ctx.error.code === 'proibido' || ctx.error.code === 'nao_encontrado')) {
    return <Bloqueio mensagem={ctx.error.message} voltar={voltar} />;
  }
  if (ctx.error) return <LoadError error={ctx.error} onRetry={() => void ctx.refetch()} />;
  if (!ctx.data) return <LoadingRecord label="Carregando ficha de visita" />;
  if (!ctx.data.pode_lancar)
    return <Bloqueio mensagem={ctx.data.motivo_bloqueio ?? msg.visitaSomenteAgentes} voltar={voltar} />;
  return <VisitaForm alvo={alvo} visitado={visitado} ctx={ctx.data} voltar={voltar} />;
}

function VisitaForm({
  alvo,
  visitado,
  ctx,
  voltar,
}: {
  alvo: Alvo;
  visitado: Visitado;
  ctx: VisitaContexto;
  voltar: string;
}) {
  const { familia, municipe } = visitado;
  useDocumentTitle(
    municipe
      ? `Visita domiciliar · ${municipe.nome}`
      : familia
        ? `Visita domiciliar · Família de ${familia.responsavel_nome}`
        : 'Visita domiciliar',
  );
  const navigate = useNavigate();
  const salvar = useSalvarVisita();
  const login = useUsuario()?.login;
  useSincronizacao();
  const { pathname } = useLocation();
  // The typed values stay in this tab (sessionStorage, dropped on sign-out) under its route until saved (issue 12).
  const rascunho = `visita:${pathname}`;
  // One id per opening of the form, kept across retries: the API answers a repeated save with the visit already saved.
  const [inicial] = useState(
    () => (login && (takeDraft(rascunho, login) as VisitaFormValues | undefined)) || novaVisita(newId(), alvo, ctx),
  );
  const [esperandoRede, setEsperandoRede] = useState(false);
  const { online } = useNetwork();
  const [schema] = useState(() =>
    visitaFormSchema({
      ocupacaoObrigatoria: ctx.ocupacoes.length > 1,
      profissionalObrigatorio: ctx.escolhe_profissional,
    }),
  );
  const [recusa, setRecusa] = useState<string | null>(null);
  const masculino = municipe?.sexo_id === SEXO_MASCULINO;
  const descricao = municipe?.nome ?? (familia ? `Família de ${familia.responsavel_nome}` : 'Visita sem família');
  const record = useRecordForm({
    schema,
    defaultValues: inicial,
    model: MODEL,
    labels: ROTULOS,
    save: async (values): Promise<VisitaDomiciliar | null> => {
      setRecusa(null);
      setEsperandoRede(false);
      const corpo = formParaApi(values);
      // Offline (issue 25): the visit goes to the device's queue with its id, and is sent when the network is back.
      // Where the device cannot keep it (no IndexedDB), the form keeps it until the network is back (issue 12).
      const guardar = async () => {
        if (!login) throw new SemConexao();
        try {
          await enfileirarVisita(login, corpo, descricao);
        } catch {
          throw new SemConexao();
        }
        return null;
      };
      if (!navigator.onLine) return guardar();
      try {
        return await salvar.mutateAsync(corpo);
      } catch (err) {
        if (semConexao(err)) return guardar();
        throw err;
      }
    },
    // Kept on the device (null) is not "salva": only "Aguardando envio", guardada neste aparelho (issue 39).
    announce: (salva) => salva !== null,
    onSaved: (salva) => {
      if (login) takeDraft(rascunho, login);
      if (salva === null)
        notifications.show({ color: 'yellow', autoClose: 8000, title: 'Aguardando envio', message: msg.visitaNaFila });
      return voltar;
    },
    fieldOf: campoDoForm,
    onError: (err) => {
      if (semConexao(err)) {
        if (login) saveDraft(rascunho, login, record.form.getValues());
        setEsperandoRede(true);
        return true;
      }
      // 403: the family moved away meanwhile, or the user is not an agent: the API's words, on the form too.
      if (err instanceof ApiError && err.code === 'proibido') setRecusa(err.message);
      return false;
    },
  });
  const { form } = record;
  // Back online: send it again, once.
  const { onSubmit } = record;
  useEffect(() => {
    if (!esperandoRede || !online) return;
    setEsperandoRede(false);
    void onSubmit();
  }, [esperandoRede, online, onSubmit]);

  const titulo = municipe
    ? 'Visita ao membro'
    : familia
      ? 'Visita à família'
      : ctx.domicilio_id
        ? 'Visita ao imóvel'
        : 'Visita sem família vinculada';
  return (
    <Stack gap="md">
      {familia && <FamiliaCabecalho familia={familia} endereco={familia.domicilio_endereco} />}
      <Stack gap={2}>
        {/* Under the family's h1 an h2 (its sections h3); alone, the page's h1 (issue 39: no level skipped). */}
        <Title order={familia ? 2 : 1} fz={familia ? 'h3' : 'h2'}>
          {titulo}
        </Title>
        {municipe && (
          <Text size="sm">
            {municipe.nome} · {idadeTexto(municipe.data_nascimento)}
          </Text>
        )}
        {!municipe && !familia && ctx.domicilio_id && (
          <Text size="sm">
            Imóvel cadastrado: {ctx.endereco?.logradouro ? enderecoLinha({ ...ctx.endereco, sem_numero: false }) : '—'}
          </Text>
        )}
        {!municipe && !familia && !ctx.domicilio_id && (
          <Text size="sm" c="dimmed">
            Visita a um imóvel sem família cadastrada (por exemplo, comércio, terreno baldio ou ponto estratégico).
          </Text>
        )}
      </Stack>
      <Secoes sub={familia !== undefined}>
        <RecordForm record={record} onCancel={() => void navigate(voltar)}>
          {esperandoRede && (
            <Alert color="yellow" variant="light" role="alert" styles={ALERTA} title="Aguardando a rede">
              {msg.visitaSemConexao}
            </Alert>
          )}
          {recusa && (
            <Alert color="red" variant="light" role="alert" styles={ALERTA} title="Não é possível lançar a visita">
              {recusa}
            </Alert>
          )}
          <Cabecalho form={form} ctx={ctx} />
          <Local form={form} tipoDaCasa={ctx.tipo_imovel_id !== null} />
          {pedeEndereco(inicial) && <EnderecoVisita form={form} />}
          <Desfecho form={form} />
          <Motivos form={form} masculino={masculino} />
          {municipe && <Medidas form={form} />}
        </RecordForm>
      </Secoes>
    </Stack>
  );
}

/** The form's sections one level under the page's second heading when the family's header holds the h1. */
const Secoes = ({ sub, children }: { sub: boolean; children: ReactNode }) =>
  sub ? <SubHeadings>{children}</SubHeadings> : children;
