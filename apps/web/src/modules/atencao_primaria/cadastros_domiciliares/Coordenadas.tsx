// The home's position (issue 18): latitude and longitude typed with a decimal comma, or filled by the browser's
// geolocation (a tablet's GPS at the door). Both or neither: the shared rule (cadastroDomiciliarIssues) says so.
import { Alert, Button, Grid, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { COORDENADAS } from '@saude/shared/schemas/cadastro_domiciliar';
import { DecimalField } from '../../../lib/form';
import { ROTULOS_DOMICILIO, type DomicilioFormValues } from './formValues';

const DIGITE = 'Digite a latitude e a longitude.';
/** What the user reads when the browser gives no position, by GeolocationPositionError code. */
export const FALHAS_LOCALIZACAO = {
  indisponivel: `Este navegador não informa a localização. ${DIGITE}`,
  negada: `A permissão de localização foi negada. Permita o acesso à localização nas configurações do navegador ou do tablet, ou digite a latitude e a longitude.`,
  semSinal: `Não foi possível obter a localização agora (sem sinal de GPS ou rede). Tente de novo ou digite a latitude e a longitude.`,
  demorou: `A localização demorou demais para chegar. Tente de novo ou digite a latitude e a longitude.`,
} as const;

const falha = (code: number) =>
  code === 1 ? FALHAS_LOCALIZACAO.negada : code === 3 ? FALHAS_LOCALIZACAO.demorou : FALHAS_LOCALIZACAO.semSinal;

/** The columns keep 6 decimals (about 10 cm); a GPS reading has more. */
const arredondar = (v: number) => Number(v.toFixed(COORDENADAS.casas));

type Form = UseFormReturn<DomicilioFormValues, unknown, DomicilioFormValues>;

export function Coordenadas({ form }: { form: Form }) {
  const [buscando, setBuscando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [obtida, setObtida] = useState<string | null>(null);

  const usarLocalizacao = () => {
    setErro(null);
    setObtida(null);
    // Without a secure context (http) or a GPS API the browser has nothing to give.
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setErro(FALHAS_LOCALIZACAO.indisponivel);
      return;
    }
    setBuscando(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setBuscando(false);
        const opts = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
        form.setValue('latitude', arredondar(coords.latitude), opts);
        form.setValue('longitude', arredondar(coords.longitude), opts);
        setObtida(
          Number.isFinite(coords.accuracy)
            ? `Localização obtida, com precisão de cerca de ${Math.round(coords.accuracy)} m.`
            : 'Localização obtida.',
        );
      },
      (e) => {
        setBuscando(false);
        setErro(falha(e.code));
      },
      // A fresh, precise reading: the agent stands at the door; a minute-old fix from the street before is not it.
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 0 },
    );
  };

  const exemplo = 'Com vírgula, em graus decimais (ex.: -15,793889)';
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <DecimalField
          control={form.control}
          name="latitude"
          label={ROTULOS_DOMICILIO.latitude}
          description={exemplo}
          inputProps={{ scale: COORDENADAS.casas }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <DecimalField
          control={form.control}
          name="longitude"
          label={ROTULOS_DOMICILIO.longitude}
          description="Negativa a oeste de Greenwich (ex.: -47,882778)"
          inputProps={{ scale: COORDENADAS.casas }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Button
          mt={{ base: 0, sm: 28 }}
          mih={44}
          variant="default"
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
          loading={buscando}
          onClick={usarLocalizacao}
        >
          Usar minha localização
        </Button>
      </Grid.Col>
      <Grid.Col span={12}>
        {erro && (
          <Alert color="orange" role="alert" title="Localização não obtida">
            {erro}
          </Alert>
        )}
        {obtida && (
          <Text size="sm" c="dimmed" role="status">
            {obtida}
          </Text>
        )}
      </Grid.Col>
    </>
  );
}
