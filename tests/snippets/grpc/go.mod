module grpccheck

go 1.19
