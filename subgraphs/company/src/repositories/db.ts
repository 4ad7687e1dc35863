export interface DB { company: { id: number } }
