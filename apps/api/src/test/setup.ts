// Tests read "today" and timestamps in the municipality's time zone, like the product.
process.env.TZ = 'America/Sao_Paulo';
