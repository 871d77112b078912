// Strona postaci: nadpisanie orkiestracji postaci (polski).
export default {
  title: 'Orkiestracja dla tej postaci',
  choice: 'Źródło orkiestracji',
  inherit: 'Dziedzicz (bez nadpisania)',
  override: 'Nadpisz',
  inheritHint: 'Czaty z tą postacią używają globalnego profilu orkiestracji (strona Agenci).',
  overrideHint:
    'Edytuj profil poniżej; zapisywane jest tylko to, co różni się od profilu globalnego, w karcie postaci, więc trafia też do eksportu. Zapisani agenci są rozpisywani w całości.',
  effective: 'Co uruchomi czat z tą postacią:',
  fromGlobal: 'tryb {{mode}} ({{agents}}), z profilu globalnego.',
  fromOverride: 'tryb {{mode}} ({{agents}}), z nadpisania tej postaci.',
  overrides: 'Nadpisane: {{keys}}.',
  problems: 'Problemy z nadpisaniem orkiestracji',
  save: 'Zapisz orkiestrację',
  saving: 'Zapisywanie…',
  saved: 'Zapisano nadpisanie.',
  inheriting: 'Dziedziczy profil globalny.',
  reset: 'Przywróć dziedziczenie',
  loadFailed: 'Nie udało się wczytać nadpisania orkiestracji: {{message}}',
};
