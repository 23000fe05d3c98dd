CREATE UNIQUE INDEX "ip_addresses_ip_key" ON "ip_addresses" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "trunk_ips_ip_idx" ON "trunk_ips" USING btree ("ip");