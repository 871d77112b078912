// Strona serwerów MCP: lista i własny punkt końcowy MCP Toolsmith (polski).
export default {
  new: 'Nowy serwer MCP',
  intro:
    'Narzędzia serwerów Model Context Protocol dołączają do Twoich funkcji: modele wywołują je jak każde inne narzędzie.',
  empty: 'Nie ma jeszcze serwerów MCP. Dodaj jeden, aby używać jego narzędzi w czatach.',
  status: {
    disabled: 'Wyłączony',
    needs_approval: 'Czeka na zatwierdzenie',
    idle: 'Nieuruchomiony',
    connecting: 'Łączenie',
    connected: 'Połączony',
    error: 'Błąd',
  },
  tools_one: '{{count}} narzędzie',
  tools_few: '{{count}} narzędzia',
  tools_many: '{{count}} narzędzi',
  tools_other: '{{count}} narzędzia',
  onNamed: '{{name}} włączony',
  review: 'Sprawdź i zatwierdź',
  toolsButton: 'Narzędzia',
  editNamed: 'Edytuj {{name}}',
  deleteNamed: 'Usuń {{name}}',
  deleteTitle: 'Usuń serwer MCP',
  deleteConfirm:
    'Usunąć <strong>{{name}}</strong>? Jego narzędzia znikną ze wszystkich czatów; działający proces zostanie zatrzymany.',
  sharing: {
    title: 'Toolsmith jako serwer MCP',
    hint: 'Klienci MCP mają dostęp do Twoich włączonych funkcji globalnych i wbudowanych pod <code>{{url}}</code> (Streamable HTTP; spoza tego komputera z <code>{{header}}</code>).',
    switch: 'Udostępniaj też narzędzia serwerów MCP',
    text: 'Udostępniaj też narzędzia serwerów MCP poniżej',
  },
};
