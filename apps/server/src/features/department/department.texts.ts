import type { ControlCategory } from '@glucosuivi/domain/department/department.schemas';

/**
 * Texts of the department CSV, which the server writes itself (the web app's catalogs are not
 * available here). The category labels are the page's (locales/<lang>/department.json).
 */

export type DepartmentLanguage = 'fr' | 'en' | 'es';

export interface DepartmentCsvTexts {
  name: string;
  category: string;
  tir: string;
  tbr: string;
  gmi: string;
  daysSinceLastData: string;
  categories: Record<ControlCategory, string>;
}

export const DEPARTMENT_CSV_TEXTS: Record<DepartmentLanguage, DepartmentCsvTexts> = {
  fr: {
    name: 'Patient',
    category: 'Catégorie',
    tir: 'Temps dans la cible 70–180 (%)',
    tbr: 'Temps sous la cible < 70 (%)',
    gmi: 'GMI (%)',
    daysSinceLastData: 'Jours depuis la dernière donnée',
    categories: {
      not_shared: 'Glycémie non partagée',
      hypo_risk: "Risque d'hypoglycémie",
      insufficient_data: 'Données insuffisantes',
      above_target: 'Au-dessus de la cible',
      on_target: 'Dans les objectifs',
    },
  },
  en: {
    name: 'Patient',
    category: 'Category',
    tir: 'Time in range 70–180 (%)',
    tbr: 'Time below range < 70 (%)',
    gmi: 'GMI (%)',
    daysSinceLastData: 'Days since last data',
    categories: {
      not_shared: 'Glucose not shared',
      hypo_risk: 'Hypoglycaemia risk',
      insufficient_data: 'Insufficient data',
      above_target: 'Above target',
      on_target: 'On target',
    },
  },
  es: {
    name: 'Paciente',
    category: 'Categoría',
    tir: 'Tiempo en rango 70–180 (%)',
    tbr: 'Tiempo por debajo del rango < 70 (%)',
    gmi: 'GMI (%)',
    daysSinceLastData: 'Días desde el último dato',
    categories: {
      not_shared: 'Glucosa no compartida',
      hypo_risk: 'Riesgo de hipoglucemia',
      insufficient_data: 'Datos insuficientes',
      above_target: 'Por encima del objetivo',
      on_target: 'Dentro de los objetivos',
    },
  },
};
