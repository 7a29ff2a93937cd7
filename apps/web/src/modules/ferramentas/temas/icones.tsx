// The icons a theme may show when it has no image (ICONES_TEMA), by name, with their labels for the form.
import {
  IconApple,
  IconBabyCarriage,
  IconBrain,
  IconDroplet,
  IconHeart,
  IconMoustache,
  IconRibbonHealth,
  IconSpeakerphone,
  IconVaccine,
  IconVirus,
  type Icon,
} from '@tabler/icons-react';
import type { IconeTema } from '@saude/shared/tema_atual';

export const ICONES: Record<IconeTema, { Icon: Icon; label: string }> = {
  'ribbon-health': { Icon: IconRibbonHealth, label: 'Laço' },
  heart: { Icon: IconHeart, label: 'Coração' },
  vaccine: { Icon: IconVaccine, label: 'Vacina' },
  virus: { Icon: IconVirus, label: 'Vírus' },
  moustache: { Icon: IconMoustache, label: 'Bigode' },
  'baby-carriage': { Icon: IconBabyCarriage, label: 'Carrinho de bebê' },
  droplet: { Icon: IconDroplet, label: 'Gota' },
  brain: { Icon: IconBrain, label: 'Cérebro' },
  apple: { Icon: IconApple, label: 'Maçã' },
  speakerphone: { Icon: IconSpeakerphone, label: 'Megafone' },
};

/** The theme's icon, the ribbon when it names none (or one no longer offered). */
export const iconeDe = (nome: string | null | undefined): Icon =>
  (nome && ICONES[nome as IconeTema]?.Icon) || IconRibbonHealth;
