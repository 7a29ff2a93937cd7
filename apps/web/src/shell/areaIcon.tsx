import {
  IconAlertTriangle,
  IconAmbulance,
  IconBuildingHospital,
  IconFileText,
  IconHistory,
  IconHome,
  IconHomeHeart,
  IconListNumbers,
  IconMessageCircle,
  IconPoint,
  IconSpeakerphone,
  IconTool,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

// The menu API carries no icons; each area (first URL segment, architecture: Layout) gets one.
const icons: Record<string, Icon> = {
  '': IconHome,
  municipes: IconUsers,
  municipes_notificacao: IconAlertTriangle,
  atencao_primaria: IconHomeHeart,
  auditoria: IconHistory,
  urgencia_emergencia: IconAmbulance,
  comunicacao: IconSpeakerphone,
  ferramentas: IconTool,
  filas: IconListNumbers,
  notificacoes_globais: IconWorld,
  ouvidoria: IconMessageCircle,
  // The unit flags page (issue 21) sits with the tools: no icon of its own in the first load's budget.
  parametros: IconTool,
  termos_uso: IconFileText,
  administracao: IconBuildingHospital,
};

export function AreaIcon({ area, size = 22 }: { area: string; size?: number }) {
  const Cmp = icons[area] ?? IconPoint;
  return <Cmp size={size} stroke={1.7} aria-hidden />;
}
