import type { HandoutCatalog } from './handouts.texts';

/** Spanish: the same content as the French reference. */
export const HANDOUTS_ES: HandoutCatalog = {
  common: {
    kicker: 'GlucoSuivi · Ficha para el paciente',
    disclaimer:
      'Esta ficha ayuda a entender y a reaccionar; no sustituye las indicaciones personalizadas de su equipo de salud. Ante cualquier duda, consúltelo.',
    categories: {
      glucose: 'glucosa',
      hba1c: 'HbA1c',
      lipids: 'perfil lipídico',
      blood_pressure: 'tensión arterial',
      weight: 'peso',
      events: 'eventos del día a día',
      reports: 'informes',
      alerts: 'alertas',
    },
  },
  handouts: {
    hypoglycaemia: (v) => ({
      title: 'La hipoglucemia: reconocerla y corregirla',
      fileName: 'glucosuivi-ficha-hipoglucemia.pdf',
      intro: `Una hipoglucemia es una glucosa inferior a ${v.low}. Por debajo de ${v.veryLow} es más marcada: corríjala sin esperar.`,
      blocks: [
        {
          heading: 'Señales de alerta',
          bullets: [
            'Temblores, sudor, palidez, corazón acelerado.',
            'Hambre repentina, cansancio, dificultad para concentrarse, visión borrosa.',
            'Irritabilidad, cambios de comportamiento, confusión.',
            'Por la noche: pesadillas, sábanas húmedas de sudor, dolor de cabeza al despertar.',
          ],
          paragraphs: ['Ante la menor duda, mida su glucosa. Si no puede medirla, tome azúcar de todos modos.'],
        },
        {
          heading: 'La regla del 15/15',
          boxed: true,
          bullets: [
            v.hypoTreatment,
            '15 g de azúcar de absorción rápida son, por ejemplo: 3 terrones de azúcar, un vaso pequeño (150 mL) de zumo de fruta o de refresco no light, o una cucharada de miel o de mermelada.',
            `Si la glucosa sigue por debajo de ${v.low}, vuelva a tomar 15 g de azúcar de absorción rápida y mida de nuevo 15 minutos después.`,
            'Cuando la glucosa haya subido, coma: su comida si toca dentro de la hora, si no un tentempié (pan, galletas, fruta).',
          ],
          paragraphs: ['Para corregir, elija azúcar de absorción rápida antes que chocolate o pasteles: su grasa frena la subida.'],
        },
        {
          heading: 'Hipoglucemia grave: qué hace el entorno',
          bullets: [
            'Si la persona está inconsciente, no puede tragar o está muy confusa: no darle nada por la boca.',
            'Colocarla en posición lateral de seguridad.',
            v.emergency,
            'Si se ha recetado glucagón, el entorno puede usarlo tal como le enseñó el equipo de salud, mientras llega la ayuda.',
          ],
        },
        {
          heading: 'Después de una hipoglucemia',
          bullets: [
            'Regístrela en GlucoSuivi con lo que pudo favorecerla: una comida más ligera, actividad física, alcohol.',
            'Coméntela con su equipo de salud, sobre todo si se repiten, ocurren de noche o ya no nota las señales.',
            'Mida su glucosa antes de conducir; no conduzca mientras una hipoglucemia no esté corregida.',
            'Lleve siempre azúcar consigo.',
          ],
        },
      ],
    }),
    'using-the-app': (v) => ({
      title: 'Sacar partido de GlucoSuivi',
      fileName: 'glucosuivi-ficha-usar-la-aplicacion.pdf',
      intro: 'GlucoSuivi reúne sus mediciones para seguir su diabetes con su equipo de salud. Esto es lo esencial.',
      blocks: [
        {
          heading: 'Registrar sus mediciones',
          bullets: [
            'Menú «Nueva medición»: glucosa (en ayunas, antes o después de una comida, al acostarse, por la noche), HbA1c, perfil lipídico, tensión arterial y peso.',
            'Introduzca los valores en la unidad de su aparato (mg/dL o mmol/L, g/L para los lípidos): la aplicación los convierte. La unidad que ve se elige en «Ajustes».',
            'Anote también sus comidas, su actividad física y sus observaciones: ayudan a entender sus curvas.',
            'El menú «Recordatorios» le avisa a la hora de sus mediciones.',
          ],
        },
        {
          heading: 'Conectar su sensor',
          paragraphs: ['Menú «Conexión del sensor», a su elección:'],
          bullets: [
            'importar un archivo de exportación de LibreView o Dexcom Clarity (las mediciones ya presentes no se añaden dos veces);',
            'enviar las mediciones automáticamente desde una aplicación compatible con Nightscout (xDrip+, AndroidAPS, Juggluco…) con una clave personal, mostrada una sola vez;',
            'seguir su sitio Nightscout existente.',
          ],
        },
        {
          heading: 'Leer su panel',
          bullets: [
            'Tiempo en rango, tiempo bajo y alto, glucosa media, GMI, variabilidad y perfil ambulatorio de glucosa (AGP).',
            `Un informe de sensor es representativo con al menos ${v.sensorDays} días de datos y un ${v.sensorActivePercent} % de tiempo de sensor activo.`,
            'Aparece una alerta cuando un valor es demasiado bajo o demasiado alto; las notificaciones y los correos se configuran en «Ajustes».',
            'Las observaciones explican lo que muestran sus datos y de qué hablar con su equipo; no sustituyen una opinión médica.',
          ],
        },
        {
          heading: 'Sus informes',
          bullets: [
            `Menú «Informes»: un informe PDF de ${v.reportDays} días para enseñar en la consulta.`,
            'El informe semanal compara los 7 últimos días con los 7 anteriores.',
            'Sus datos le pertenecen: expórtelos en cualquier momento en CSV (Excel) o en formato FHIR.',
          ],
        },
      ],
    }),
    'sharing-data': (v) => ({
      title: 'Compartir sus datos con su equipo de salud',
      fileName: 'glucosuivi-ficha-compartir-mis-datos.pdf',
      intro: 'Usted decide quién ve qué, y puede cambiar de opinión en cualquier momento. Todo se configura en «Mi perfil».',
      blocks: [
        {
          heading: 'Invitar a un profesional',
          bullets: [
            'En «Mi equipo de salud», invite a un profesional por su correo electrónico o con su código personal.',
            `Un profesional también puede invitarle: recibe un correo y acepta o rechaza. Una invitación caduca a los ${v.invitationDays} días.`,
          ],
        },
        {
          heading: 'Elegir lo que comparte',
          bullets: [
            `Para cada profesional, marque las categorías compartidas: ${v.categories}.`,
            'Un profesional solo ve las categorías marcadas, y solo mientras lo mantenga en su equipo.',
            'Los administradores de GlucoSuivi nunca ven sus datos de salud.',
            'Los mensajes y las citas son con los profesionales de su equipo.',
          ],
        },
        {
          heading: 'Modificar o retirar un acceso',
          bullets: [
            'Cambie las categorías o retire a un profesional de su equipo en cualquier momento: es inmediato.',
            'Conserva sus conversaciones pasadas, en modo de solo lectura.',
          ],
        },
        {
          heading: 'Saber quién ha consultado sus datos',
          bullets: ['La sección «Quién ha consultado mis datos» muestra cada consulta, por un profesional o mediante un enlace seguro, con su fecha.'],
        },
        {
          heading: 'Los enlaces seguros',
          bullets: [
            `Un enlace seguro muestra sus datos sin cuenta, por ejemplo a un médico de guardia. Usted elige las categorías, el periodo y la validez: de ${v.shareMin} a ${v.shareMax} (${v.shareDefault} por defecto).`,
            'Cada apertura queda registrada, y puede revocar un enlace en cualquier momento.',
            'Dé un enlace solo a la persona a la que va destinado: mientras sea válido, cualquiera que lo tenga puede ver lo que comparte.',
          ],
        },
      ],
    }),
  },
};
