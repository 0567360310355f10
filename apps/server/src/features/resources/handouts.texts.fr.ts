import type { HandoutCatalog } from './handouts.texts';

/** French, the reference language of the handouts. Plain words, addressed to the patient. */
export const HANDOUTS_FR: HandoutCatalog = {
  common: {
    kicker: 'GlucoSuivi · Fiche patient',
    disclaimer:
      "Cette fiche aide à comprendre et à réagir ; elle ne remplace pas les consignes personnalisées de votre équipe soignante. Pour toute question, parlez-en avec elle.",
    categories: {
      glucose: 'glycémie',
      hba1c: 'HbA1c',
      lipids: 'bilan lipidique',
      blood_pressure: 'tension artérielle',
      weight: 'poids',
      events: 'événements du quotidien',
      reports: 'rapports',
      alerts: 'alertes',
    },
  },
  handouts: {
    hypoglycaemia: (v) => ({
      title: "L'hypoglycémie : la reconnaître et la corriger",
      fileName: 'glucosuivi-fiche-hypoglycemie.pdf',
      intro: `Une hypoglycémie est une glycémie inférieure à ${v.low}. Sous ${v.veryLow}, elle est plus marquée : corrigez-la sans attendre.`,
      blocks: [
        {
          heading: 'Les signes qui doivent alerter',
          bullets: [
            'Tremblements, sueurs, pâleur, cœur qui bat vite.',
            'Faim soudaine, fatigue, difficulté à se concentrer, vision trouble.',
            'Irritabilité, changement de comportement, confusion.',
            'La nuit : cauchemars, draps mouillés de sueur, mal de tête au réveil.',
          ],
          paragraphs: ['Au moindre doute, mesurez votre glycémie. Si vous ne pouvez pas mesurer, resucrez-vous quand même.'],
        },
        {
          heading: 'La règle des 15/15',
          boxed: true,
          bullets: [
            v.hypoTreatment,
            '15 g de sucre rapide, par exemple : 3 morceaux de sucre, un petit verre (150 mL) de jus de fruits ou de soda non allégé, ou une cuillère à soupe de miel ou de confiture.',
            `Si la glycémie est toujours inférieure à ${v.low}, reprenez 15 g de sucre rapide et contrôlez de nouveau 15 minutes plus tard.`,
            "Une fois la glycémie remontée, mangez : votre repas s'il est prévu dans l'heure, sinon une collation (pain, biscuits, fruit).",
          ],
          paragraphs: ['Pour corriger, préférez le sucre rapide au chocolat ou aux gâteaux : leur gras ralentit la remontée.'],
        },
        {
          heading: "Hypoglycémie sévère : ce que fait l'entourage",
          bullets: [
            'Si la personne est inconsciente, ne peut pas avaler ou est très confuse : ne rien lui donner par la bouche.',
            'La mettre en position latérale de sécurité.',
            v.emergency,
            "Si du glucagon a été prescrit, l'entourage peut l'utiliser comme l'équipe soignante le lui a montré, en attendant les secours.",
          ],
        },
        {
          heading: 'Après une hypoglycémie',
          bullets: [
            'Notez-la dans GlucoSuivi avec ce qui a pu la favoriser : repas plus léger, activité physique, alcool.',
            'Parlez-en à votre équipe soignante, surtout si elles se répètent, surviennent la nuit ou si vous ne sentez plus les signes.',
            'Avant de conduire, mesurez votre glycémie ; ne prenez pas le volant tant qu’une hypoglycémie n’est pas corrigée.',
            'Gardez toujours du sucre sur vous.',
          ],
        },
      ],
    }),
    'using-the-app': (v) => ({
      title: 'Bien utiliser GlucoSuivi',
      fileName: 'glucosuivi-fiche-utiliser-l-application.pdf',
      intro: 'GlucoSuivi rassemble vos mesures pour suivre votre diabète avec votre équipe soignante. Voici l’essentiel.',
      blocks: [
        {
          heading: 'Enregistrer vos mesures',
          bullets: [
            'Menu « Nouvelle mesure » : glycémie (à jeun, avant ou après un repas, au coucher, la nuit), HbA1c, bilan lipidique, tension artérielle et poids.',
            'Saisissez dans l’unité de votre appareil (mg/dL ou mmol/L, g/L pour les lipides) : l’application convertit. Votre unité d’affichage se choisit dans « Paramètres ».',
            'Notez aussi vos repas, votre activité physique et vos remarques : ils aident à comprendre vos courbes.',
            'Le menu « Rappels » vous prévient à l’heure de vos mesures.',
          ],
        },
        {
          heading: 'Connecter votre capteur',
          paragraphs: ['Menu « Connexion capteur », au choix :'],
          bullets: [
            'importer un fichier d’export LibreView ou Dexcom Clarity (les mesures déjà présentes ne sont pas ajoutées deux fois) ;',
            'envoyer automatiquement les mesures depuis une application compatible Nightscout (xDrip+, AndroidAPS, Juggluco…) avec une clé personnelle, affichée une seule fois ;',
            'suivre votre site Nightscout existant.',
          ],
        },
        {
          heading: 'Lire votre tableau de bord',
          bullets: [
            'Temps dans la cible, temps bas et élevés, glycémie moyenne, GMI, variabilité et profil glycémique ambulatoire (AGP).',
            `Un rapport de capteur est représentatif avec au moins ${v.sensorDays} jours de données et ${v.sensorActivePercent} % de temps de capteur actif.`,
            'Une alerte apparaît quand une valeur est trop basse ou trop haute ; notifications et e-mails se règlent dans « Paramètres ».',
            'Les observations expliquent ce que montrent vos données et ce dont parler avec votre équipe ; elles ne remplacent pas un avis médical.',
          ],
        },
        {
          heading: 'Vos rapports',
          bullets: [
            `Menu « Rapports » : un rapport PDF de ${v.reportDays} jours à montrer en consultation.`,
            'Le bilan de la semaine compare les 7 derniers jours aux 7 précédents.',
            'Vos données vous appartiennent : exportez-les à tout moment en CSV (Excel) ou au format FHIR.',
          ],
        },
      ],
    }),
    'sharing-data': (v) => ({
      title: 'Partager vos données avec votre équipe soignante',
      fileName: 'glucosuivi-fiche-partager-mes-donnees.pdf',
      intro: 'Vous décidez qui voit quoi, et vous pouvez changer d’avis à tout moment. Tout se règle dans « Mon profil ».',
      blocks: [
        {
          heading: 'Inviter un professionnel',
          bullets: [
            'Dans « Mon équipe de soins », invitez un professionnel par son adresse e-mail ou avec son code personnel.',
            `Un professionnel peut aussi vous inviter : vous recevez un e-mail et vous acceptez ou refusez. Une invitation expire après ${v.invitationDays} jours.`,
          ],
        },
        {
          heading: 'Choisir ce que vous partagez',
          bullets: [
            `Pour chaque professionnel, cochez les catégories partagées : ${v.categories}.`,
            'Un professionnel ne voit que les catégories cochées, et seulement tant que vous le gardez dans votre équipe.',
            'Les administrateurs de GlucoSuivi ne voient jamais vos données de santé.',
            'Messages et rendez-vous se font avec les professionnels de votre équipe.',
          ],
        },
        {
          heading: 'Modifier ou retirer un accès',
          bullets: [
            'Changez les catégories ou retirez un professionnel de votre équipe à tout moment : c’est immédiat.',
            'Vous gardez vos conversations passées, en lecture seule.',
          ],
        },
        {
          heading: 'Savoir qui a consulté vos données',
          bullets: ['La rubrique « Qui a consulté mes données » liste chaque consultation, par un professionnel ou par un lien sécurisé, avec sa date.'],
        },
        {
          heading: 'Les liens sécurisés',
          bullets: [
            `Un lien sécurisé montre vos données sans compte, par exemple à un médecin de garde. Vous choisissez les catégories, la période et la durée de validité : de ${v.shareMin} à ${v.shareMax} (${v.shareDefault} par défaut).`,
            'Chaque ouverture est enregistrée, et vous pouvez révoquer un lien à tout moment.',
            'Ne donnez un lien qu’à la personne concernée : tant qu’il est valide, quiconque l’a peut voir ce qu’il partage.',
          ],
        },
      ],
    }),
  },
};
