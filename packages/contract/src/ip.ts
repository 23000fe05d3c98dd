import ipaddr from 'ipaddr.js';

/** An IPv4 or IPv6 address, or a CIDR block of either (e.g. 203.0.113.0/24). */
export function isIpOrCidr(value: string): boolean {
  const v = value.trim();
  if (v.includes('/')) {
    try {
      ipaddr.parseCIDR(v);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(v);
}

/** Whether an address is in an allowlist of addresses and blocks (IPv4-mapped IPv6 counts as IPv4). */
export function ipAllowed(address: string, allowlist: readonly string[]): boolean {
  if (!allowlist.length) return true;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  return allowlist.some((entry) => {
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        return ip.kind() === range.kind() && ip.match(range, bits);
      }
      return ipaddr.process(entry).toNormalizedString() === ip.toNormalizedString();
    } catch {
      return false;
    }
  });
}
