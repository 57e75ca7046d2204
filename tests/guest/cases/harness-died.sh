# Harness self-test: the guest goes away after one of three results, the way
# a panicking kernel would. QEMU still exits 0; the host must notice.
. /tests/ktap.sh
ktap_plan 3
check "first result" true
sync
reboot -f
